/** Staff rules: passwords live in `credentials`, an inactive account's sessions end at once, the last active admin stays. */
import { AppError } from "../../domain/errors";
import { SECRET_CHANGED } from "../audit";
import type { Row } from "../db-shape";
import { message } from "../../domain/messages";
import { hashPassword, passwordProblem } from "../passwords";
import type { ResourceRules } from "./types";

const isActiveAdmin = (s: Row) => s.role === "admin" && s.active === true;

export const staffRules: ResourceRules = {
  async prepare(body) {
    return typeof body.password === "string" ? { passwordHash: await hashPassword(body.password) } : {};
  },

  async invariant(op, target, body, reader, tx) {
    if (!isActiveAdmin(target)) return;
    const stopsBeingAdmin = op === "delete" || (body.role !== undefined && body.role !== "admin") || body.active === false;
    if (!stopsBeingAdmin) return;
    // In the write's transaction the admins are locked: two admins demoting each other at once
    // through two servers cannot both pass.
    const others = tx ? (await tx.lockActiveAdmins()).filter((s) => s.id !== target.id).length : await reader.countActiveAdmins(target.id);
    if (!others) throw new AppError("LAST_ADMIN", `${String(target.name)} is the last active admin. Make someone else an admin first.`);
  },

  async beforeWrite(w) {
    if (typeof w.values.password === "string") {
      const problem = await passwordProblem(w.values.password, w.record.email);
      if (problem) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { password: [message(problem)] });
    }
    if ("password" in w.record) {
      delete w.record.password;
      w.extraChanges.password = { to: SECRET_CHANGED };
    }
  },

  async afterWrite(w) {
    const id = w.record.id;
    const hash = w.prepared.passwordHash;
    if (typeof hash === "string" && "password" in w.values) {
      await w.tx.setPassword(id, hash, w.now.toISOString());
      // A reset password ends the sessions it protected (but not the admin's own request).
      if (w.before) await w.tx.endSessionsOf(id, w.ctx.sessionId);
    }
    if (w.record.active === false) await w.tx.endSessionsOf(id);
  },

  async afterDelete(_ctx, tx, record) {
    await tx.removePassword(record.id);
    await tx.endSessionsOf(record.id);
    await tx.deleteTwoFactor(record.id);
    await tx.deleteTokensOf(record.id);
  },
};
