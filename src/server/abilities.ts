/**
 * What a signed-in staff member may do: their role's rules as stored now, compiled by the domain
 * policy. The role is read on every call (one read by its key), so a role saved through any app
 * server applies to every member's next request on every server; only the compiling is cached,
 * keyed by the role's version, so a change can never be missed.
 */
import { defineAbilityFor, resolveRules, type AppAbility } from "../domain/policy";
import type { RoleRule } from "../domain/roles/rules";
import type { Row } from "./db-shape";
import type { Reader } from "./storage/types";

/** What `GET /api/auth/permissions` answers: the app builds the same ability from it. */
export interface Permissions {
  role: string;
  rules: RoleRule[];
}

export interface ActorAbility {
  ability: AppAbility;
  permissions: Permissions;
  /** Changes whenever what the member may do changes (their role, or its rules). */
  stamp: string;
  /** The role asks its members to sign in with a second factor. */
  requireTwoFactor: boolean;
}

/** Compiled abilities kept at most; past it the cache starts again (compiling is cheap, ~0.1 ms). */
const MAX_CACHED = 1_000;

export class Abilities {
  private readonly cache = new Map<string, ActorAbility>();

  constructor(private readonly reader: Pick<Reader, "roleByKey">) {}

  async of(actor: Row): Promise<ActorAbility> {
    const key = String(actor.role);
    const role = await this.reader.roleByKey(key);
    // A member whose role row is missing (a hand-edited data file) may do nothing: fail closed.
    const rules = Array.isArray(role?.rules) ? (role.rules as RoleRule[]) : [];
    const stamp = `${key}:${role?.id ?? 0}:${role?.version ?? 0}`;
    const cacheKey = `${actor.id}:${stamp}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    const entry = {
      ability: defineAbilityFor({ id: actor.id, role: key }, rules),
      permissions: { role: key, rules: resolveRules(rules, actor.id) },
      stamp,
      requireTwoFactor: role?.requireTwoFactor === true,
    };
    this.cache.set(cacheKey, entry);
    return entry;
  }
}
