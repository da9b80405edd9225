/**
 * The session calls: sign in (with a second factor when enrolled), sign out, who am I (and
 * whether two-factor is on or still owed), what may I do, change my password.
 */
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
import { parseBody } from "./body-schema";
import { checkLoginLimit, clearLoginFailures, recordLoginFailure } from "./login-limit";
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { clearSessionCookie, newSession, pruneSessions, setSessionCookie } from "./session";
import type { Storage, Tx } from "./storage/types";
import { isRecoveryShaped, isTotpShaped, matchRecoveryCode, openSecret, verifyTotp } from "./two-factor";

export const loginBody = z.strictObject({
  email: z
    .string({ error: message("required") })
    .trim()
    .toLowerCase()
    .min(1, { error: message("required") })
    .max(EMAIL_MAX, { error: message("maxChars", { max: EMAIL_MAX }) }),
  // Bounded so nobody makes the server hash megabytes; longer than any password we accept.
  password: z
    .string({ error: message("required") })
    .min(1, { error: message("required") })
    .max(4 * PASSWORD_MAX_LENGTH, { error: message("tooLong") }),
  // A TOTP code or a recovery code; anything longer than either is no code of ours.
  code: z
    .string({ error: message("notText") })
    .trim()
    .max(32, { error: message("invalidCode") })
    .optional(),
});

export const passwordBody = z.strictObject({
  currentPassword: z
    .string({ error: message("required") })
    .min(1, { error: message("required") })
    .max(4 * PASSWORD_MAX_LENGTH, { error: message("tooLong") }),
  newPassword: fieldSchema(staffDef.fields.password) as z.ZodType<string>,
});

/** What a signed-in member is told of their own account, even when their role reads no staff. */
const SELF_FIELDS = ["id", "name", "email", "role", "active", "createdAt", "updatedAt", "version"] as const;

export function authRoutes(storage: Storage, abilities: Abilities, secretKey?: string) {
  /** The signed-in user as they may see themselves, with the permissions the app builds its ability from. */
  async function sessionView(user: Row) {
    const [{ ability, permissions, requireTwoFactor }, tf] = await Promise.all([abilities.of(user), storage.twoFactor(user.id)]);
    const twoFactorEnabled = Boolean(tf?.enabledAt);
    // Who one is, one always sees, whatever one's role may read of staff.
    const self = Object.fromEntries(SELF_FIELDS.filter((f) => user[f] !== undefined).map((f) => [f, user[f]]));
    return {
      user: { ...self, ...stripRecord(ability, "staff", user) },
      permissions,
      twoFactorEnabled,
      twoFactorSetupRequired: requireTwoFactor && !twoFactorEnabled,
    };
  }

  async function login(req: Request, res: Response) {
    const { email, password, code } = parseBody(loginBody, req.body);
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
      const fail = async (reason?: string) => {
        await recordLoginFailure(tx, email, now);
        await appendAudit(
          tx,
          req.ctx,
          {
            action: "login_failed",
            resource: "auth",
            recordId: user?.id ?? null,
            actor: null,
            email,
            ...(reason ? { changes: { reason: { to: reason } } } : {}),
          },
          now,
        );
      };
      if (!ok || !user || user.id !== candidate?.id) {
        await fail();
        return { failed: true as const };
      }
      if (user.active !== true) return { disabled: true as const };
      // The password was right; an enrolled member also owes a code, which counts toward the limit when wrong.
      const second = await checkSecondFactor(tx, user.id, code, now);
      if (second === "required") return { codeRequired: true as const };
      if (second === "wrong") {
        await fail("wrong two-factor code");
        return { wrongCode: true as const };
      }
      await pruneSessions(tx, now);
      const previous = req.ctx.sessionId;
      if (previous) await tx.deleteSession(previous);
      await clearLoginFailures(tx, email, now);
      // Bookkeeping, not an edit: version and updatedAt stay, or an admin editing this
      // record would get a VERSION_CONFLICT every time its owner signs in.
      const lastLoginAt = now.toISOString();
      await tx.touch("staff", user.id, { lastLoginAt });
      await appendAudit(
        tx,
        req.ctx,
        { action: "login", resource: "auth", recordId: user.id, actor: user, ...(second ? { changes: { twoFactor: { to: second } } } : {}) },
        now,
      );
      return { user: { ...user, lastLoginAt }, token: await newSession(tx, user.id, now, { ip: req.ctx.ip, userAgent: req.headers["user-agent"] }) };
    });
    // The failure is recorded (committed) before it is answered.
    if ("failed" in outcome) throw new AppError("INVALID_CREDENTIALS", "Wrong email or password");
    if ("disabled" in outcome) throw new AppError("ACCOUNT_DISABLED", "This account is disabled. Ask an administrator.");
    if ("codeRequired" in outcome)
      throw new AppError("TWO_FACTOR_REQUIRED", "Enter the code from your authenticator app, or a recovery code.", { code: [message("required")] });
    if ("wrongCode" in outcome) throw new AppError("INVALID_CODE", "That code is wrong or was used already.", { code: [message("invalidCode")] });
    setSessionCookie(req, res, outcome.token);
    res.json(await sessionView(outcome.user));
  }

  /**
   * The second factor of an enrolled member: null when they have none, "required" when no code
   * came, "wrong" for a wrong, used or malformed one, else how they passed ("totp" or "recovery"),
   * the code spent in this transaction.
   */
  async function checkSecondFactor(tx: Tx, staffId: number, code: string | undefined, now: Date): Promise<null | "required" | "wrong" | "totp" | "recovery"> {
    const tf = await tx.twoFactor(staffId);
    if (!tf?.enabledAt) return null;
    if (!code) return "required";
    if (isTotpShaped(code)) {
      const step = verifyTotp(openSecret(tf.secret, secretKey), code, now.getTime(), tf.lastStep);
      if (step === null) return "wrong";
      await tx.setTwoFactor({ ...tf, lastStep: step });
      return "totp";
    }
    const i = isRecoveryShaped(code) ? matchRecoveryCode(code, tf.recoveryCodes) : -1;
    if (i < 0) return "wrong";
    const recoveryCodes = tf.recoveryCodes.map((c, k) => (k === i ? { ...c, usedAt: now.toISOString() } : c));
    await tx.setTwoFactor({ ...tf, recoveryCodes });
    return "recovery";
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
    if (currentPassword === newPassword) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { newPassword: [message("mustDiffer")] });
    const problem = await passwordProblem(newPassword, (req.ctx.actor as Row).email);
    if (problem) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { newPassword: [message(problem)] });
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
