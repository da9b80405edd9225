/**
 * Roles are data, but not every role is the same: the admin role is the one that manages staff
 * and roles, so nobody edits or deletes it (or the system could lock itself out); a built-in role
 * is never deleted (the definitions name their keys); a role someone holds is not deleted.
 */
import { AppError } from "../../domain/errors";
import { SYSTEM_FIELDS } from "../../domain/fields";
import { message } from "../../domain/messages";
import { ADMIN_ROLE } from "../../domain/roles/rules";
import type { Row } from "../db-shape";
import type { Reader } from "../storage/types";
import type { ResourceRules } from "./types";

async function countMembers(reader: Reader, key: unknown): Promise<number> {
  const { total } = await reader.list(
    "staff",
    { start: 0, end: 0, sort: [{ field: "id", def: SYSTEM_FIELDS.id, dir: 1 }], filters: [{ field: "role", op: "eq", values: [String(key)] }], search: null },
    null,
  );
  return total;
}

export const roleRules: ResourceRules = {
  async beforeWrite(w) {
    // Only the seed makes built-in roles; every role made through the API is the team's own.
    if (!w.before) w.record.builtIn = false;
  },

  async invariant(op, target: Row, _body, reader) {
    if (op === "update" && target.key === ADMIN_ROLE)
      throw new AppError("VALIDATION_FAILED", "The admin role cannot be changed: it is the one that manages staff and roles.", {
        key: [message("adminRoleFixed")],
      });
    if (op !== "delete") return;
    if (target.builtIn === true) throw new AppError("FORBIDDEN", `${String(target.name)} is a built-in role: it can be changed, not deleted.`);
    const members = await countMembers(reader, target.key);
    if (members)
      throw new AppError(
        "REFERENCED",
        `This role cannot be deleted: ${members} staff ${members === 1 ? "member holds" : "members hold"} it. Give them another role first. Nothing was deleted.`,
        undefined,
        { counts: { staff: members } },
      );
  },
};
