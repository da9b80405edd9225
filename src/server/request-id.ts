import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { defineAbilityFor } from "../domain/policy";

/**
 * First hop: a fresh id for every request (a client's own X-Request-Id is not trusted, so log
 * lines cannot be forged onto another request) and the headers every answer carries.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  // req.ip is the socket's address unless PUBLIC_URL made express trust its one proxy hop.
  req.ctx = {
    requestId: id,
    ip: req.ip ?? req.socket.remoteAddress ?? "",
    actor: null,
    sessionId: null,
    staleCookie: false,
    ability: defineAbilityFor(null),
    permissions: null,
    token: null,
    twoFactorSetupRequired: false,
    written: [],
  };
  res.setHeader("X-Request-Id", id);
  next();
};
