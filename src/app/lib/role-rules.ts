/**
 * A role's rules as the roles screen shows them: a grid of resources × actions, each cell All,
 * None or Custom. Pure: the grid and its tests work on the rules array the API holds
 * (src/domain/roles/rules.ts), and every change here is a new array in the same order, so the
 * server's errors (`rules.3.fields`) still point at the rule they were about.
 */
import { allFields, getEntity } from "../../domain/entities";
import {
  ADMIN_WRITES_ONLY,
  CONDITION_TYPES,
  LIFECYCLE_RESOURCE,
  ME,
  PERSONAL_RESOURCES,
  RULE_ACTIONS,
  RULE_RESOURCES,
  ruleFieldChoices,
  WRITE_ACTIONS,
  type Action,
  type RoleRule,
  type WhereScalar,
  type WhereValue,
} from "../../domain/roles/rules";

export { ME, RULE_ACTIONS, RULE_RESOURCES, ruleFieldChoices };
export type { Action, RoleRule, WhereScalar, WhereValue };

export type CellState = "all" | "none" | "custom";

/** One rule with its place in the role's list (what the server's errors are keyed by). */
export interface IndexedRule {
  rule: RoleRule;
  index: number;
}

/** Whether the action exists for the resource at all (only orders have transitions). */
export const actionApplies = (resource: string, action: Action) =>
  (action !== "transition" || resource === LIFECYCLE_RESOURCE) && !(PERSONAL_RESOURCES.includes(resource) && (action === "read" || action === "delete"));

/**
 * Whether a role's rule may grant this (the server refuses the rest): the audit log is
 * never written, and only the built-in admin role (which is not edited) writes staff and roles.
 */
export function grantable(resource: string, action: Action): boolean {
  if (!actionApplies(resource, action)) return false;
  if (action === "read") return true;
  if (getEntity(resource).readOnly) return false;
  return !(ADMIN_WRITES_ONLY.includes(resource) && WRITE_ACTIONS.includes(action));
}

export function cellRules(rules: readonly RoleRule[], resource: string, action: Action): IndexedRule[] {
  const out: IndexedRule[] = [];
  rules.forEach((rule, index) => {
    if (rule.resource === resource && rule.action === action) out.push({ rule, index });
  });
  return out;
}

const isPlainGrant = (r: RoleRule) => !r.deny && !r.fields && !r.where;

export function cellState(entries: readonly IndexedRule[]): CellState {
  if (!entries.length) return "none";
  return entries.length === 1 && isPlainGrant(entries[0].rule) ? "all" : "custom";
}

/** The rules with one cell's replaced by `replacement`, in the place the cell's first rule had (or at the end). */
function replaceCell(rules: readonly RoleRule[], resource: string, action: Action, replacement: RoleRule[]): RoleRule[] {
  const at = rules.findIndex((r) => r.resource === resource && r.action === action);
  const rest = rules.filter((r) => !(r.resource === resource && r.action === action));
  const place = at < 0 ? rest.length : rules.slice(0, at).filter((r) => !(r.resource === resource && r.action === action)).length;
  return [...rest.slice(0, place), ...replacement, ...rest.slice(place)];
}

/** A new rule for a cell turned Custom: every field it may name, listed, for the operator to narrow. */
export function customStart(resource: string, action: Action): RoleRule {
  const choices = ruleFieldChoices(resource, action);
  return choices.length ? { resource, action, fields: choices } : { resource, action };
}

export function setCellState(rules: readonly RoleRule[], resource: string, action: Action, state: CellState): RoleRule[] {
  const entries = cellRules(rules, resource, action);
  if (state === cellState(entries) && state !== "custom") return [...rules];
  switch (state) {
    case "none":
      return replaceCell(rules, resource, action, []);
    case "all":
      return replaceCell(rules, resource, action, [{ resource, action }]);
    case "custom":
      // Already custom: what it holds stays. From All or None: one rule to narrow down.
      if (cellState(entries) === "custom") return [...rules];
      return replaceCell(rules, resource, action, [customStart(resource, action)]);
  }
}

/** The rules with the one at `index` replaced (or removed, with null). */
export function replaceRule(rules: readonly RoleRule[], index: number, rule: RoleRule | null): RoleRule[] {
  return rule ? rules.map((r, i) => (i === index ? rule : r)) : rules.filter((_, i) => i !== index);
}

/** A rule added to its cell, right after the cell's last rule (so a cell's rules stay together). */
export function addRule(rules: readonly RoleRule[], rule: RoleRule): RoleRule[] {
  let last = -1;
  rules.forEach((r, i) => {
    if (r.resource === rule.resource && r.action === rule.action) last = i;
  });
  const at = last < 0 ? rules.length : last + 1;
  return [...rules.slice(0, at), rule, ...rules.slice(at)];
}

/* ---- row conditions ---- */

export type ConditionOp = "me" | "eq" | "in" | "ne";

export interface Condition {
  field: string;
  op: ConditionOp;
  /** eq / ne: one value; in: a list; me: none. */
  value?: WhereScalar | WhereScalar[];
}

/** Whether "is me" fits the field: it points at staff (an owner, an assignee), or it is a staff member's own id. */
export function meFits(resource: string, field: string): boolean {
  const f = allFields(getEntity(resource))[field];
  if (!f) return false;
  return (f.type === "reference" && f.reference === "staff") || (resource === "staff" && field === "id");
}

/** The fields of a resource a row condition may name, staff-pointing ones first (the usual "only my rows"). */
export function conditionFields(resource: string): string[] {
  const fields = Object.entries(allFields(getEntity(resource))).filter(([, f]) => CONDITION_TYPES.has(f.type) && f.readable !== false);
  const mine = fields.filter(([name]) => meFits(resource, name));
  return [...mine, ...fields.filter((e) => !mine.includes(e))].map(([name]) => name);
}

export function conditionsOf(where: RoleRule["where"]): Condition[] {
  return Object.entries(where ?? {}).map(([field, v]): Condition => {
    if (v === ME) return { field, op: "me" };
    if (v !== null && typeof v === "object") return "$in" in v ? { field, op: "in", value: [...v.$in] } : { field, op: "ne", value: v.$ne };
    return { field, op: "eq", value: v };
  });
}

const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** A condition as the API holds it; an unfinished one (no value yet) is left out. */
export function whereValue(c: Condition): WhereValue | undefined {
  switch (c.op) {
    case "me":
      return ME;
    case "in":
      return blank(c.value) ? undefined : { $in: ([] as WhereScalar[]).concat(c.value as WhereScalar[]) };
    case "ne":
      return blank(c.value) || Array.isArray(c.value) ? undefined : { $ne: c.value as WhereScalar };
    default:
      return blank(c.value) || Array.isArray(c.value) ? undefined : (c.value as WhereScalar);
  }
}

export function whereOf(conditions: readonly Condition[]): RoleRule["where"] {
  const out: Record<string, WhereValue> = {};
  for (const c of conditions) {
    const v = whereValue(c);
    if (v !== undefined) out[c.field] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A rule with its optional parts absent rather than empty, as the server wants them. */
export function tidyRule(rule: RoleRule): RoleRule {
  const out: RoleRule = { resource: rule.resource, action: rule.action };
  if (rule.fields) out.fields = rule.fields;
  if (rule.where && Object.keys(rule.where).length) out.where = rule.where;
  if (rule.deny) out.deny = true;
  return out;
}

/* ---- the server's answers ---- */

export interface RuleErrors {
  /** Messages for one rule, by its index in the list the form now holds. */
  byIndex: Map<number, string[]>;
  /** Messages about the list as a whole (too many rules), or left over. */
  general: string[];
}

const ruleKey = (r: unknown) => JSON.stringify(r);

/**
 * The server's field errors (`rules.3.fields`, `rules.3.where`, `rules.3`) placed on the rules the
 * form holds now: the rule at that index of what was sent, found again by its content (the
 * operator may have added or removed others since). A rule changed since it was sent loses its
 * messages: they were about what it was. The `rules` messages themselves ("Rule 4: …") repeat
 * the ones per rule and are kept only when no rule is named.
 */
export function placeRuleErrors(errors: Record<string, string[]> | undefined, sent: readonly RoleRule[] | undefined, now: readonly RoleRule[]): RuleErrors {
  const byIndex = new Map<number, string[]>();
  const bySent = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const m = /^rules\.(\d+)(?:\.(.+))?$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    bySent.set(i, [...(bySent.get(i) ?? []), ...messages]);
  }
  const unplaced: string[] = [];
  const used = new Set<number>();
  for (const [i, messages] of bySent) {
    const target = sent?.[i];
    const key = target === undefined ? undefined : ruleKey(target);
    let at = key !== undefined && now[i] !== undefined && ruleKey(now[i]) === key ? i : -1;
    if (at < 0 && key !== undefined) at = now.findIndex((r, j) => !used.has(j) && ruleKey(r) === key);
    if (at < 0) {
      if (target === undefined) unplaced.push(...messages);
      continue;
    }
    used.add(at);
    byIndex.set(at, [...(byIndex.get(at) ?? []), ...messages]);
  }
  const general = bySent.size ? unplaced : [...(errors?.rules ?? []), ...unplaced];
  return { byIndex, general };
}
