/** The session calls of SPEC §7: sign in, sign out, who am I, change my password. */
import type { Request, Response } from "express";
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX_LENGTH } from "../domain/constants";
import { staff as staffDef } from "../domain/entities";
import type { Role } from "../domain/entities/staff";
import { message } from "../domain/messages";
import { AppError } from "../domain/errors";
import { defineAbilityFor, stripRecord } from "../domain/policy";
import { fieldSchema } from "../domain/schema";
import { appendAudit, SECRET_CHANGED } from "./audit";
import type { Row } from "./db-shape";
import { newFieldErrors } from "./errors";
import { requireBody } from "./guard";
import { checkLoginLimit, clearLoginFailures, recordLoginFailure } from "./login-limit";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords";
import { clearSessionCookie, endSessionsOf, newSession, pruneSessions, setSessionCookie } from "./session";
import type { Store } from "./store";

const loginBody = z.strictObject({
  email: z.string({ error: message("required") }).trim().toLowerCase().min(1, { error: message("required") }).max(EMAIL_MAX, { error: message("maxChars", { max: EMAIL_MAX }) }),
  // Bounded so nobody makes the server hash megabytes; longer than any password we accept.
  password: z.string({ error: message("required") }).min(1, { error: message("required") }).max(4 * PASSWORD_MAX_LENGTH, { error: message("tooLong") }),
});

const passwordBody = z.strictObject({
  currentPassword: z.string({ error: message("required") }).min(1, { error: message("required") }).max(4 * PASSWORD_MAX_LENGTH, { error: message("tooLong") }),
  newPassword: fieldSchema(staffDef.fields.password) as z.ZodType<string>,
});

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(requireBody(body));
  if (parsed.success) return parsed.data;
  const errors = newFieldErrors();
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") for (const k of issue.keys) errors[k] = [message("unknownField")];
    else (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  }
  throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", errors);
}

const userView = (user: Row) => stripRecord(defineAbilityFor({ id: user.id, role: user.role as Role }), "staff", user);

const findByEmail = (store: Store, email: string) => store.data.staff.find((s) => typeof s.email === "string" && s.email.toLowerCase() === email);
const credentialOf = (store: Store, staffId: number) => store.data.credentials.find((c) => c.staffId === staffId);

export function authRoutes(store: Store) {
  async function login(req: Request, res: Response) {
    const { email, password } = parseBody(loginBody, req.body);
    checkLoginLimit(store.data, email, new Date());
    const candidate = findByEmail(store, email);
    const hash = candidate ? credentialOf(store, candidate.id)?.hash : undefined;
    // Unknown email or not: one scrypt either way, so the time taken says nothing.
    const ok = await verifyPassword(password, hash ?? DUMMY_HASH);
    const now = new Date();
    // Everything below runs without yielding: what was read is what is written.
    checkLoginLimit(store.data, email, now);
    const user = findByEmail(store, email);
    if (!ok || !user || user.id !== candidate?.id) {
      store.transact((data) => {
        recordLoginFailure(data, email, now);
        appendAudit(store, data, req.ctx, { action: "login_failed", resource: "auth", recordId: user?.id ?? null, actor: null, email }, now);
      });
      throw new AppError("INVALID_CREDENTIALS", "Wrong email or password");
    }
    if (user.active !== true) throw new AppError("ACCOUNT_DISABLED", "This account is disabled. Ask an administrator.");
    const previous = req.ctx.sessionId;
    const token = store.transact((data) => {
      pruneSessions(data, now);
      if (previous) data.sessions = data.sessions.filter((s) => s.id !== previous);
      clearLoginFailures(data, email, now);
      // Bookkeeping, not an edit: version and updatedAt stay, or an admin editing this
      // record would get a VERSION_CONFLICT every time its owner signs in.
      user.lastLoginAt = now.toISOString();
      appendAudit(store, data, req.ctx, { action: "login", resource: "auth", recordId: user.id, actor: user }, now);
      return newSession(data, user.id, now);
    });
    setSessionCookie(req, res, token);
    res.json({ user: userView(user) });
  }

  function logout(req: Request, res: Response) {
    const { actor, sessionId } = req.ctx;
    const now = new Date();
    store.transact((data) => {
      data.sessions = data.sessions.filter((s) => s.id !== sessionId);
      appendAudit(store, data, req.ctx, { action: "logout", resource: "auth", recordId: actor?.id ?? null }, now);
    });
    clearSessionCookie(req, res);
    res.json({ status: "ok" });
  }

  function me(req: Request, res: Response) {
    res.json({ user: userView(req.ctx.actor as Row) });
  }

  async function changePassword(req: Request, res: Response) {
    const { currentPassword, newPassword } = parseBody(passwordBody, req.body);
    const actorId = (req.ctx.actor as Row).id;
    const stored = credentialOf(store, actorId)?.hash;
    const [ok, hash] = await Promise.all([verifyPassword(currentPassword, stored ?? DUMMY_HASH), hashPassword(newPassword)]);
    // Not 401: the app would take that for an ended session and sign the user out.
    if (!ok || !stored) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { currentPassword: [message("incorrectPassword")] });
    if (currentPassword === newPassword)
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { newPassword: [message("mustDiffer")] });
    const now = new Date();
    const user = store.data.staff.find((s) => s.id === actorId && s.active === true);
    if (!user || !store.data.sessions.some((s) => s.id === req.ctx.sessionId)) throw new AppError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
    store.transact((data) => {
      const at = now.toISOString();
      const credential = data.credentials.find((c) => c.staffId === actorId);
      if (credential) Object.assign(credential, { hash, changedAt: at });
      else data.credentials.push({ staffId: actorId, hash, changedAt: at });
      endSessionsOf(data, actorId, req.ctx.sessionId);
      appendAudit(store, data, req.ctx, { action: "password_change", resource: "auth", recordId: actorId, changes: { password: { to: SECRET_CHANGED } } }, now);
    });
    res.json({ user: userView(user) });
  }

  return { login, logout, me, changePassword };
}
