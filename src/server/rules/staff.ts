/** SPEC §4 staff: passwords live in `credentials`, an inactive account's sessions end at once, the last active admin stays. */
import { AppError } from "../../domain/errors";
import { SECRET_CHANGED } from "../audit";
import type { DbShape, Row } from "../db-shape";
import { hashPassword } from "../passwords";
import { endSessionsOf } from "../session";
import type { ResourceRules } from "./types";

const isActiveAdmin = (s: Row) => s.role === "admin" && s.active === true;

export const staffRules: ResourceRules = {
  async prepare(body) {
    return typeof body.password === "string" ? { passwordHash: await hashPassword(body.password) } : {};
  },

  invariant(op, target, body, db: DbShape) {
    if (!isActiveAdmin(target)) return;
    const stopsBeingAdmin = op === "delete" || (body.role !== undefined && body.role !== "admin") || body.active === false;
    if (stopsBeingAdmin && !db.staff.some((s) => s.id !== target.id && isActiveAdmin(s)))
      throw new AppError("LAST_ADMIN", `${String(target.name)} is the last active admin. Make someone else an admin first.`);
  },

  beforeWrite(w) {
    if ("password" in w.record) {
      delete w.record.password;
      w.extraChanges.password = { to: SECRET_CHANGED };
    }
  },

  afterWrite(w) {
    const id = w.record.id;
    const hash = w.prepared.passwordHash;
    if (typeof hash === "string" && "password" in w.values) {
      const changedAt = w.now.toISOString();
      const credential = w.db.credentials.find((c) => c.staffId === id);
      if (credential) Object.assign(credential, { hash, changedAt });
      else w.db.credentials.push({ staffId: id, hash, changedAt });
      // A reset password ends the sessions it protected (but not the admin's own request).
      if (w.before) endSessionsOf(w.db, id, w.ctx.sessionId);
    }
    if (w.record.active === false) endSessionsOf(w.db, id);
  },

  afterDelete(_ctx, db, record) {
    db.credentials = db.credentials.filter((c) => c.staffId !== record.id);
    endSessionsOf(db, record.id);
  },
};
