/**
 * zod schemas derived from entity definitions. The server validates every write with them and
 * the form runs the same per-field schema as its client-side rule, so both say the same thing.
 */
import { z } from "zod";
import { ORDER_MAX_ITEMS, ORDER_MAX_QUANTITY, ORDER_MIN_ITEMS, ORDER_MIN_QUANTITY, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import type { FieldErrors } from "./errors";
import type { EntityDef, FieldDef } from "./fields";
import { formatMoney } from "./format";
import { getEntity } from "./entities";
import { message } from "./messages";
import { rulesSchema } from "./roles/rules-schema";
import { viewQuerySchema } from "./views-schema";

const REQUIRED = message("required");

/** Blank optional text means "absent"; on update, null or "" clears the field. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function numberSchema(f: FieldDef) {
  let s = z.number({ error: message("notNumber") }).int({ error: message("notWhole") });
  const show = (n: number) => (f.type === "money" ? formatMoney(n) : n.toLocaleString("en-US"));
  if (f.min !== undefined) s = s.min(f.min, { error: message("minValue", { min: show(f.min) }) });
  if (f.max !== undefined) s = s.max(f.max, { error: message("maxValue", { max: show(f.max) }) });
  return s;
}

/** No store keeps a NUL character alike (PostgreSQL cannot store one): no text holds one. */
const noNul = (v: string) => !v.includes("\u0000");

function textSchema(f: FieldDef) {
  let s = z.string({ error: message("notText") }).trim();
  s = s.refine(noNul, { error: message("nulChar") });
  if (f.min !== undefined) s = s.min(f.min, { error: message("minChars", { min: f.min }) });
  if (f.max !== undefined) s = s.max(f.max, { error: message("maxChars", { max: f.max.toLocaleString("en-US") }) });
  if (f.pattern) s = s.regex(f.pattern, { error: f.patternMessage ?? message("invalidFormat") });
  return s;
}

export const orderItemSchema = z.strictObject(
  {
    productId: z
      .number({ error: message("chooseProduct") })
      .int()
      .positive({ error: message("chooseProduct") }),
    quantity: z
      .number({ error: message("notNumber") })
      .int({ error: message("notWhole") })
      .min(ORDER_MIN_QUANTITY, { error: message("minValue", { min: ORDER_MIN_QUANTITY }) })
      .max(ORDER_MAX_QUANTITY, { error: message("maxValue", { max: ORDER_MAX_QUANTITY }) }),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? message("notAllowedHere", { fields: iss.keys.join(", ") }) : message("invalidItem")) },
);

/**
 * Built once per field definition: a definition never changes, and building the chain anew for
 * every field of every write was a third of an import's CPU (bench:bulk).
 */
const schemas = new WeakMap<FieldDef, z.ZodType>();

/** The schema of one present value of a field. */
export function fieldSchema(f: FieldDef): z.ZodType {
  let schema = schemas.get(f);
  if (!schema) schemas.set(f, (schema = buildFieldSchema(f)));
  return schema;
}

function buildFieldSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case "text":
    case "longtext":
      return textSchema(f);
    case "email": {
      const base = z
        .string({ error: message("notText") })
        .trim()
        .refine(noNul, { error: message("nulChar") });
      const cased = f.lowercase ? base.toLowerCase() : base;
      return cased.max(f.max ?? 254, { error: message("maxChars", { max: f.max ?? 254 }) }).pipe(z.email({ error: message("notEmail") }));
    }
    case "password":
      return z
        .string({ error: message("notText") })
        .min(f.min ?? PASSWORD_MIN_LENGTH, { error: message("minChars", { min: f.min ?? PASSWORD_MIN_LENGTH }) })
        .max(f.max ?? PASSWORD_MAX_LENGTH, { error: message("maxChars", { max: f.max ?? PASSWORD_MAX_LENGTH }) });
    case "enum":
      // Options that are records (a role's key): the shape here, that one exists is the server's check.
      if (f.optionsFrom) return textSchema(getEntity(f.optionsFrom.resource).fields[f.optionsFrom.field]);
      return z.enum(f.options as [string, ...string[]], { error: message("oneOf", { options: (f.options ?? []).join(", ") }) });
    case "boolean":
      return z.boolean({ error: message("notBoolean") });
    case "integer":
    case "money":
      return numberSchema(f);
    case "reference": {
      const choose = message("chooseReference", { what: f.label.toLowerCase() });
      return z.number({ error: choose }).int().positive({ error: choose });
    }
    case "datetime":
      return z.iso.datetime({ error: message("notDateTime") });
    case "items":
      return z
        .array(orderItemSchema, { error: message("notList") })
        .min(ORDER_MIN_ITEMS, { error: message("minItems", { min: ORDER_MIN_ITEMS }) })
        .max(ORDER_MAX_ITEMS, { error: message("maxItems", { max: ORDER_MAX_ITEMS }) });
    case "json":
      return z.unknown();
    case "rules":
      return rulesSchema;
    case "query":
      return viewQuerySchema;
  }
}

const isOptionalText = (f: FieldDef) => !f.required && (f.type === "text" || f.type === "longtext" || f.type === "email");

export type WriteMode = "create" | "update";

export interface ValidationResult {
  /** The cleaned values to store; `null` means "remove this optional field". */
  data: Record<string, unknown>;
  errors?: FieldErrors;
}

/**
 * Validate the client-writable part of a body (the caller has already refused fields that are
 * unknown, server-managed or not permitted). On create, required fields must be present.
 */
export function validateWrite(def: EntityDef, body: Record<string, unknown>, mode: WriteMode): ValidationResult {
  const errors: FieldErrors = {};
  const data: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.write === "never") continue;
    if (mode === "update" && f.write === "create") continue;
    const present = Object.prototype.hasOwnProperty.call(body, name);
    let value = present ? body[name] : undefined;
    if (isOptionalText(f)) value = blankToUndefined(value);
    if (value === undefined || value === null) {
      if (mode === "create") {
        if (f.required && f.defaultValue === undefined) errors[name] = [REQUIRED];
        else if (f.defaultValue !== undefined) data[name] = structuredClone(f.defaultValue);
      } else if (present) {
        // A field with a default always has a value (create sets it): it can change, not be cleared.
        if (f.required || f.defaultValue !== undefined) errors[name] = [REQUIRED];
        else data[name] = null;
      }
      continue;
    }
    if (f.type === "text" && typeof value === "string" && f.required && value.trim() === "") {
      errors[name] = [REQUIRED];
      continue;
    }
    const parsed = fieldSchema(f).safeParse(value);
    if (parsed.success) data[name] = parsed.data;
    else errors[name] = issuesToMessages(parsed.error.issues, name, errors, f);
  }
  return Object.keys(errors).length ? { data, errors } : { data };
}

/** A nested issue (an order line's) says which entry it is about, counted from 1 as people do. */
function issueMessage(issue: z.core.$ZodIssue, f?: FieldDef): string {
  const [first] = issue.path;
  if (first === undefined) return issue.message;
  if (typeof first !== "number") return `${String(first)}: ${issue.message}`;
  return f?.type === "rules" ? message("rule", { rule: first + 1, message: issue.message }) : message("line", { line: first + 1, message: issue.message });
}

/** Errors keyed `items.N.field`, said on the `items` field itself: "Line N+1: …". */
export const lineMessages = (errors: FieldErrors): string[] =>
  Object.entries(errors).flatMap(([key, messages]) => {
    const index = Number(key.split(".")[1]);
    return Number.isInteger(index) ? messages.map((m) => message("line", { line: index + 1, message: m })) : [];
  });

function issuesToMessages(issues: z.core.$ZodIssue[], name: string, errors: FieldErrors, f: FieldDef): string[] {
  const own: string[] = [];
  for (const issue of issues) {
    if (issue.path.length) {
      // Nested (order items): items.0.quantity, and on the field itself "Line 1: …"
      const key = [name, ...issue.path.map(String)].join(".");
      (errors[key] ??= []).push(issue.message);
    }
    own.push(issueMessage(issue, f));
  }
  return own;
}

/** The message a form shows for one value, or null when it is fine: the form's client-side rule. */
export function checkFieldValue(f: FieldDef, value: unknown): string | null {
  const v = isOptionalText(f) ? blankToUndefined(value) : value;
  if (v === undefined || v === null || v === "") return f.required ? REQUIRED : null;
  const parsed = fieldSchema(f).safeParse(v);
  const issue = parsed.error?.issues[0];
  return parsed.success ? null : issue ? issueMessage(issue, f) : message("invalidValue");
}
