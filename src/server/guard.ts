/**
 * The guard: may this actor do this, to this row, with these fields? Everything it knows comes
 * from the policy (src/domain/policy.ts) and the definitions; nothing here names a resource.
 */
import { allFields, type ResourceName } from "../domain/entities";
import { AppError, type FieldErrors } from "../domain/errors";
import type { EntityDef } from "../domain/fields";
import { canDo, readableFields, stripRecord, type Action, type AppAbility } from "../domain/policy";
import type { Row } from "./db-shape";

const VERBS: Record<Action, string> = { read: "see", create: "create", update: "change", delete: "delete", transition: "move" };

/** May the actor do `action` on some rows of the resource at all? */
export function requireAction(ability: AppAbility, action: Action, resource: ResourceName, def: EntityDef) {
  if (!canDo(ability, action, resource)) throw new AppError("FORBIDDEN", `You may not ${VERBS[action]} ${def.label.toLowerCase()}`);
}

/** The row, if the actor may read it; otherwise NOT_FOUND, so a hidden row's existence is not told. */
export function requireReadable(ability: AppAbility, resource: ResourceName, def: EntityDef, row: Row | undefined): Row {
  if (!row || !canDo(ability, "read", resource, row)) throw new AppError("NOT_FOUND", `No such ${def.singular.toLowerCase()}`);
  return row;
}

/** A write's body: JSON must have been sent at all (the body gate has already parsed it). */
export function requireBody(body: unknown): Record<string, unknown> {
  if (body === undefined) throw new AppError("BAD_REQUEST", "Send a JSON object body");
  return body as Record<string, unknown>;
}

/** The `version` the client edited must still be the stored one; the refusal carries what is stored now. */
export function requireVersion(ability: AppAbility, resource: ResourceName, def: EntityDef, sent: unknown, row: Row) {
  if (sent !== row.version)
    throw new AppError("VERSION_CONFLICT", `Someone else changed this ${def.singular.toLowerCase()} since you opened it`, undefined, {
      current: stripRecord(ability, resource, row),
    });
}

/**
 * A lifecycle move along `allowed` (from each value, where it may go), or
 * INVALID_TRANSITION naming where it could go instead. `field` puts the refusal on a form field.
 */
export function requireTransition(def: EntityDef, allowed: Readonly<Record<string, readonly string[]>>, from: string, to: string, field?: string) {
  const next = allowed[from] ?? [];
  if (next.includes(to)) return;
  const hint = next.length ? `From ${from} it can go to: ${next.join(", ")}.` : `It cannot leave ${from}.`;
  const noun = def.singular.toLowerCase();
  throw new AppError(
    "INVALID_TRANSITION",
    `${/^[aeiou]/.test(noun) ? "An" : "A"} ${noun} cannot go from ${from} to ${to}. ${hint}`,
    field ? { [field]: [`Cannot go from ${from} to ${to}`] } : undefined,
    { from, to },
  );
}

/** Every enum whose definition names `transitions` moves only along them (a product's status). */
export function checkFieldTransitions(def: EntityDef, before: Row, values: Record<string, unknown>) {
  for (const [name, field] of Object.entries(def.fields)) {
    const to = values[name];
    if (!field.transitions || to === undefined || to === null || String(to) === String(before[name])) continue;
    requireTransition(def, field.transitions, String(before[name]), String(to), name);
  }
}

export function requireOnRow(ability: AppAbility, action: Action, resource: ResourceName, def: EntityDef, row: Row) {
  if (!canDo(ability, action, resource, row)) throw new AppError("FORBIDDEN", `You may not ${VERBS[action]} this ${def.singular.toLowerCase()}`);
}

export interface BodyCheck {
  /** Keys that are not fields of the resource at all (422). */
  unknown: string[];
}

/**
 * Sort the body's keys: server-managed or not permitted to this actor → FORBIDDEN_FIELD at
 * once; unknown → returned, to be reported with the validation errors.
 * @param row the stored row on update (field rules may depend on it: a placed order's items).
 */
export function checkBodyFields(
  ability: AppAbility,
  resource: ResourceName,
  def: EntityDef,
  body: Record<string, unknown>,
  op: "create" | "update",
  row: Row | null,
  managedParts: string[],
): BodyCheck {
  const fields = allFields(def);
  const forbidden: FieldErrors = {};
  const unknown: string[] = [];
  for (const key of Object.keys(body)) {
    if (op === "update" && key === "version") continue;
    const f = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined;
    if (!f) unknown.push(key);
    else if (f.write === "never" || (op === "update" && f.write === "create")) forbidden[key] = ["Set by the server"];
    else if (!(row ? canDo(ability, "update", resource, row, key) : canDo(ability, "create", resource, undefined, key)))
      forbidden[key] = ["You may not write this field"];
  }
  for (const part of managedParts) forbidden[part] = ["Set by the server"];
  const names = Object.keys(forbidden);
  if (names.length) throw new AppError("FORBIDDEN_FIELD", `You may not write: ${names.join(", ")}`, forbidden, { fields: names });
  return { unknown };
}

/**
 * The fields of a change meant for many rows (edit selected): each must be one the client writes
 * on update, that this actor may read and may write on some row; else FORBIDDEN_FIELD, for all.
 */
export function requireWritableOnSomeRow(ability: AppAbility, resource: ResourceName, def: EntityDef, keys: string[], managedParts: string[]) {
  const fields = allFields(def);
  const readable = new Set(readableFields(ability, resource));
  const forbidden: FieldErrors = {};
  for (const key of keys) {
    const f = fields[key];
    if (!f) continue;
    if (f.write !== "always") forbidden[key] = ["Set by the server"];
    else if (!readable.has(key) || !canDo(ability, "update", resource, undefined, key)) forbidden[key] = ["You may not write this field"];
  }
  for (const part of managedParts) forbidden[part] = ["Set by the server"];
  const names = Object.keys(forbidden);
  if (names.length) throw new AppError("FORBIDDEN_FIELD", `You may not write: ${names.join(", ")}`, forbidden, { fields: names });
}

type Conditions = Record<string, unknown>;

/** Equality conditions every create rule of the actor puts on a field (an agent's ownerId: self). */
function forcedValues(ability: AppAbility, resource: ResourceName): Conditions {
  const rules = ability.rulesFor("create", resource).filter((r) => !r.inverted);
  if (!rules.length || rules.some((r) => !r.conditions)) return {};
  const [first, ...rest] = rules.map((r) => r.conditions as Conditions);
  const forced: Conditions = {};
  for (const [k, v] of Object.entries(first)) {
    if (v !== null && typeof v === "object") continue;
    if (rest.every((c) => c[k] === v)) forced[k] = v;
  }
  return forced;
}

/** What the client left out of a row-restricted create, filled in as the policy requires it. */
export function fillForced(ability: AppAbility, resource: ResourceName, body: Record<string, unknown>): Record<string, unknown> {
  const forced = forcedValues(ability, resource);
  const out = { ...body };
  for (const [k, v] of Object.entries(forced)) if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

/** The finished new record must satisfy the actor's create conditions (an agent's customer is theirs). */
export function requireCreateAllowed(ability: AppAbility, resource: ResourceName, def: EntityDef, record: Row) {
  if (canDo(ability, "create", resource, record)) return;
  const forced = forcedValues(ability, resource);
  const wrong = Object.keys(forced).filter((k) => record[k] !== forced[k]);
  if (wrong.length) {
    const errors: FieldErrors = Object.fromEntries(wrong.map((k) => [k, ["You may only set this to yourself"]]));
    throw new AppError("FORBIDDEN_FIELD", `You may not write: ${wrong.join(", ")} (it must be you)`, errors, { fields: wrong });
  }
  throw new AppError("FORBIDDEN", `You may not create this ${def.singular.toLowerCase()}`);
}
