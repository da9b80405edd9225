import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { defineAbilityFor } from "../domain/policy";

/**
 * First hop: a fresh id for every request (a client's own X-Request-Id is not trusted, so log
 * lines cannot be forged onto another request) and the headers every answer carries.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  req.ctx = { requestId: id, ip: req.socket.remoteAddress ?? "", actor: null, sessionId: null, staleCookie: false, ability: defineAbilityFor(null), permissions: null };
  res.setHeader("X-Request-Id", id);
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
};
