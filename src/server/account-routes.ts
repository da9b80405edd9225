/**
 * A signed-in member's own security: two-factor enrolment (set up, confirm with a code and get
 * recovery codes, turn off with the password), an admin's reset of someone's two-factor, and the
 * member's sessions (where they are signed in; end one, or all but this one). All audited; no
 * secret ever enters an answer after setup, the log, or an audit event.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import UAParser from "ua-parser-js";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../domain/constants";
import { AppError } from "../domain/errors";
import { message } from "../domain/messages";
import { canDo } from "../domain/policy";
import { appendAudit } from "./audit";
import { parseBody } from "./body-schema";
import type { Row } from "./db-shape";
import { DUMMY_HASH, verifyPassword } from "./passwords";
import { clearSessionCookie } from "./session";
import type { Session, Storage } from "./storage/types";
import { hashRecoveryCode, newRecoveryCodes, newSecret, openSecret, otpauthUrl, qrCode, sealSecret, verifyTotp } from "./two-factor";

export const enableBody = z.strictObject({
  code: z
    .string({ error: message("required") })
    .trim()
    .min(1, { error: message("required") })
    .max(32),
});
export const disableBody = z.strictObject({
  password: z
    .string({ error: message("required") })
    .min(1, { error: message("required") })
    .max(4 * PASSWORD_MAX_LENGTH, { error: message("tooLong") }),
});

/** What a session is called in URLs: derived from its stored id, which stays server-side. */
export const publicSessionId = (id: string) => createHash("sha256").update(`session\0${id}`).digest("hex").slice(0, 32);

/** "Chrome 156 on Linux", from a user agent; null when it says nothing recognisable. */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = new UAParser(userAgent).getResult();
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(" ");
  const os = [ua.os.name, ua.os.version].filter(Boolean).join(" ");
  if (!browser && !os) return null;
  return browser && os ? `${browser} on ${os}` : browser || os;
}

const sessionView = (s: Session, currentId: string | null) => ({
  id: publicSessionId(s.id),
  createdAt: s.createdAt,
  lastSeenAt: s.lastSeenAt,
  ip: s.ip ?? null,
  userAgent: s.userAgent ?? null,
  device: deviceName(s.userAgent),
  current: s.id === currentId,
});

const wrongCode = () => new AppError("VALIDATION_FAILED", "Check the highlighted fields", { code: [message("invalidCode")] });

export function accountRoutes(storage: Storage, secretKey: string | undefined) {
  async function setup(req: Request, res: Response) {
    const actor = req.ctx.actor as Row;
    const existing = await storage.twoFactor(actor.id);
    if (existing?.enabledAt)
      throw new AppError("VALIDATION_FAILED", "Two-factor sign-in is on already: turn it off first to set it up again.", { code: [message("twoFactorOn")] });
    // A new secret each time: setting up again replaces one that was never confirmed.
    const secret = newSecret();
    await storage.transaction((tx) =>
      tx.setTwoFactor({ staffId: actor.id, secret: sealSecret(secret, secretKey), enabledAt: null, lastStep: null, recoveryCodes: [] }),
    );
    const url = otpauthUrl(secret, String(actor.email));
    res.json({ secret, otpauthUrl: url, qrCode: await qrCode(url) });
  }

  async function enable(req: Request, res: Response) {
    const { code } = parseBody(enableBody, req.body);
    const actor = req.ctx.actor as Row;
    const now = new Date();
    const codes = newRecoveryCodes();
    await storage.transaction(async (tx) => {
      const tf = await tx.twoFactor(actor.id);
      if (!tf) throw new AppError("VALIDATION_FAILED", "Set up two-factor sign-in first.", { code: [message("twoFactorNotSetUp")] });
      if (tf.enabledAt) throw new AppError("VALIDATION_FAILED", "Two-factor sign-in is on already.", { code: [message("twoFactorOn")] });
      const step = verifyTotp(openSecret(tf.secret, secretKey), code, now.getTime(), null);
      if (step === null) throw wrongCode();
      await tx.setTwoFactor({
        ...tf,
        enabledAt: now.toISOString(),
        lastStep: step,
        recoveryCodes: codes.map((c) => ({ hash: hashRecoveryCode(c), usedAt: null })),
      });
      await appendAudit(tx, req.ctx, { action: "two_factor_enable", resource: "auth", recordId: actor.id }, now);
    });
    res.json({ recoveryCodes: codes });
  }

  async function disable(req: Request, res: Response) {
    const { password } = parseBody(disableBody, req.body);
    const actor = req.ctx.actor as Row;
    const stored = await storage.passwordHash(actor.id);
    // Not 401: the app would take that for an ended session.
    if (!(await verifyPassword(password, stored ?? DUMMY_HASH)) || !stored)
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { password: [message("incorrectPassword")] });
    const now = new Date();
    await storage.transaction(async (tx) => {
      if (!(await tx.twoFactor(actor.id))?.enabledAt)
        throw new AppError("VALIDATION_FAILED", "Two-factor sign-in is off already.", { password: [message("twoFactorOff")] });
      await tx.deleteTwoFactor(actor.id);
      await appendAudit(tx, req.ctx, { action: "two_factor_disable", resource: "auth", recordId: actor.id }, now);
    });
    res.json({ status: "ok" });
  }

  /** An admin's view of whether a member has two-factor on (for the reset button). */
  async function status(req: Request, res: Response, id: number) {
    const member = await memberAnAdminMayReset(req, id);
    const tf = await storage.twoFactor(member.id);
    res.json({ enabled: Boolean(tf?.enabledAt), enabledAt: tf?.enabledAt ?? null });
  }

  async function reset(req: Request, res: Response, id: number) {
    const member = await memberAnAdminMayReset(req, id);
    const now = new Date();
    await storage.transaction(async (tx) => {
      if (!(await tx.twoFactor(member.id))) throw new AppError("NOT_FOUND", `${String(member.name)} has no two-factor sign-in to reset`);
      await tx.deleteTwoFactor(member.id);
      // Whoever had the lost device may still hold a session: they all end.
      await tx.endSessionsOf(member.id, member.id === (req.ctx.actor as Row).id ? req.ctx.sessionId : null);
      await appendAudit(tx, req.ctx, { action: "two_factor_reset", resource: "staff", recordId: member.id }, now);
    });
    res.json({ status: "ok" });
  }

  /** Resetting someone's second factor is changing their account: what the admin role does. */
  async function memberAnAdminMayReset(req: Request, id: number): Promise<Row> {
    const member = await storage.get("staff", id);
    if (!member || !canDo(req.ctx.ability, "read", "staff", member)) throw new AppError("NOT_FOUND", "No such staff member");
    if (!canDo(req.ctx.ability, "update", "staff", member)) throw new AppError("FORBIDDEN", "Only an admin resets someone's two-factor sign-in");
    return member;
  }

  async function sessions(req: Request, res: Response) {
    const actor = req.ctx.actor as Row;
    res.json((await storage.sessionsOf(actor.id)).map((s) => sessionView(s, req.ctx.sessionId)));
  }

  async function endSession(req: Request, res: Response, key: string) {
    const actor = req.ctx.actor as Row;
    const now = new Date();
    const ended = await storage.transaction(async (tx) => {
      const target = (await tx.sessionsOf(actor.id)).find((s) => publicSessionId(s.id) === key);
      if (!target) throw new AppError("NOT_FOUND", "No such session");
      await tx.deleteSession(target.id);
      await appendAudit(
        tx,
        req.ctx,
        {
          action: "session_end",
          resource: "auth",
          recordId: actor.id,
          changes: { session: { from: deviceName(target.userAgent) ?? target.ip ?? "a session" } },
        },
        now,
      );
      return target;
    });
    if (ended.id === req.ctx.sessionId) clearSessionCookie(req, res);
    res.json(sessionView(ended, req.ctx.sessionId));
  }

  async function endOtherSessions(req: Request, res: Response) {
    const actor = req.ctx.actor as Row;
    const now = new Date();
    const ended = await storage.transaction(async (tx) => {
      const others = (await tx.sessionsOf(actor.id)).filter((s) => s.id !== req.ctx.sessionId);
      await tx.endSessionsOf(actor.id, req.ctx.sessionId);
      if (others.length)
        await appendAudit(
          tx,
          req.ctx,
          { action: "session_end", resource: "auth", recordId: actor.id, changes: { sessions: { from: others.length, to: 0 } } },
          now,
        );
      return others.length;
    });
    res.json({ ended });
  }

  return { setup, enable, disable, status, reset, sessions, endSession, endOtherSessions };
}
