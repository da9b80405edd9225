/** The session calls of SPEC §7: sign in, sign out, who am I, change my password. */
import type { Request, Response } from "express";
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX_LENGTH } from "../domain/constants";
import { staff as staffDef } from "../domain/entities";
import { message } from "../domain/messages";
import { AppError } from "../domain/errors";
import { stripRecord } from "../domain/policy";
import type { Abilities } from "./abilities";
import { fieldSchema } from "../domain/schema";
import { appendAudit, SECRET_CHANGED } from "./audit";
import type { Row } from "./db-shape";
import { newFieldErrors } from "./errors";
import { requireBody } from "./guard";
import { checkLoginLimit, clearLoginFailures, recordLoginFailure } from "./login-limit";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords";
import { clearSessionCookie, newSession, pruneSessions, setSessionCookie } from "./session";
import type { Storage } from "./storage/types";

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

export function authRoutes(storage: Storage, abilities: Abilities) {
  /** The signed-in user as they may see themselves, with the permissions the app builds its ability from. */
  async function sessionView(user: Row) {
    const { ability, permissions } = await abilities.of(user);
    return { user: stripRecord(ability, "staff", user), permissions };
  }

  async function login(req: Request, res: Response) {
    const { email, password } = parseBody(loginBody, req.body);
    await checkLoginLimit(storage, email, new Date());
    const candidate = await storage.staffByEmail(email);
    const hash = candidate ? await storage.passwordHash(candidate.id) : undefined;
    // Unknown email or not: one scrypt either way, so the time taken says nothing.
    const ok = await verifyPassword(password, hash ?? DUMMY_HASH);
    const now = new Date();
    // Checked again in the transaction that writes: what was read is what is written.
    const outcome = await storage.transaction(async (tx) => {
      await checkLoginLimit(tx, email, now);
      const user = await tx.staffByEmail(email);
      if (!ok || !user || user.id !== candidate?.id) {
        await recordLoginFailure(tx, email, now);
        await appendAudit(tx, req.ctx, { action: "login_failed", resource: "auth", recordId: user?.id ?? null, actor: null, email }, now);
        return { failed: true as const };
      }
      if (user.active !== true) return { disabled: true as const };
      await pruneSessions(tx, now);
      const previous = req.ctx.sessionId;
      if (previous) await tx.deleteSession(previous);
      await clearLoginFailures(tx, email, now);
      // Bookkeeping, not an edit: version and updatedAt stay, or an admin editing this
      // record would get a VERSION_CONFLICT every time its owner signs in.
      const lastLoginAt = now.toISOString();
      await tx.touch("staff", user.id, { lastLoginAt });
      await appendAudit(tx, req.ctx, { action: "login", resource: "auth", recordId: user.id, actor: user }, now);
      return { user: { ...user, lastLoginAt }, token: await newSession(tx, user.id, now) };
    });
    // The failure is recorded (committed) before it is answered.
    if ("failed" in outcome) throw new AppError("INVALID_CREDENTIALS", "Wrong email or password");
    if ("disabled" in outcome) throw new AppError("ACCOUNT_DISABLED", "This account is disabled. Ask an administrator.");
    setSessionCookie(req, res, outcome.token);
    res.json(await sessionView(outcome.user));
  }

  async function logout(req: Request, res: Response) {
    const { actor, sessionId } = req.ctx;
    const now = new Date();
    await storage.transaction(async (tx) => {
      if (sessionId) await tx.deleteSession(sessionId);
      await appendAudit(tx, req.ctx, { action: "logout", resource: "auth", recordId: actor?.id ?? null }, now);
    });
    clearSessionCookie(req, res);
    res.json({ status: "ok" });
  }

  async function me(req: Request, res: Response) {
    res.json(await sessionView(req.ctx.actor as Row));
  }

  /** The signed-in user's role and its rules, `$me` resolved: what the app builds its ability from. */
  function permissions(req: Request, res: Response) {
    res.json(req.ctx.permissions);
  }

  async function changePassword(req: Request, res: Response) {
    const { currentPassword, newPassword } = parseBody(passwordBody, req.body);
    const actorId = (req.ctx.actor as Row).id;
    const stored = await storage.passwordHash(actorId);
    const [ok, hash] = await Promise.all([verifyPassword(currentPassword, stored ?? DUMMY_HASH), hashPassword(newPassword)]);
    // Not 401: the app would take that for an ended session and sign the user out.
    if (!ok || !stored) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { currentPassword: [message("incorrectPassword")] });
    if (currentPassword === newPassword)
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { newPassword: [message("mustDiffer")] });
    const now = new Date();
    const user = await storage.transaction(async (tx) => {
      const current = await tx.lock("staff", actorId);
      if (!current || current.active !== true || !req.ctx.sessionId || !(await tx.session(req.ctx.sessionId))) return null;
      await tx.setPassword(actorId, hash, now.toISOString());
      await tx.endSessionsOf(actorId, req.ctx.sessionId);
      await appendAudit(tx, req.ctx, { action: "password_change", resource: "auth", recordId: actorId, changes: { password: { to: SECRET_CHANGED } } }, now);
      return current;
    });
    if (!user) throw new AppError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
    res.json(await sessionView(user));
  }

  return { login, logout, me, permissions, changePassword };
}
