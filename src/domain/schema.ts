/**
 * zod schemas derived from entity definitions. The server validates every write with them and
 * the form runs the same per-field schema as its client-side rule, so both say the same thing.
 */
import { z } from "zod";
import { ORDER_MAX_ITEMS, ORDER_MAX_QUANTITY, ORDER_MIN_ITEMS, ORDER_MIN_QUANTITY, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import type { FieldErrors } from "./errors";
import type { EntityDef, FieldDef } from "./fields";
import { formatMoney } from "./format";

const REQUIRED = "Required";

/** Blank optional text means "absent"; on update, null or "" clears the field. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function numberSchema(f: FieldDef) {
  let s = z.number({ error: "Must be a number" }).int({ error: "Must be a whole number" });
  const show = (n: number) => (f.type === "money" ? formatMoney(n) : n.toLocaleString("en-US"));
  if (f.min !== undefined) s = s.min(f.min, { error: `Must be at least ${show(f.min)}` });
  if (f.max !== undefined) s = s.max(f.max, { error: `Must be at most ${show(f.max)}` });
  return s;
}

function textSchema(f: FieldDef) {
  let s = z.string({ error: "Must be text" }).trim();
  if (f.min !== undefined) s = s.min(f.min, { error: `Must be at least ${f.min} characters` });
  if (f.max !== undefined) s = s.max(f.max, { error: `Must be at most ${f.max.toLocaleString("en-US")} characters` });
  if (f.pattern) s = s.regex(f.pattern, { error: f.patternMessage ?? "Invalid format" });
  return s;
}

export const orderItemSchema = z.strictObject(
  {
    productId: z.number({ error: "Choose a product" }).int().positive({ error: "Choose a product" }),
    quantity: z
      .number({ error: "Must be a number" })
      .int({ error: "Must be a whole number" })
      .min(ORDER_MIN_QUANTITY, { error: `Must be at least ${ORDER_MIN_QUANTITY}` })
      .max(ORDER_MAX_QUANTITY, { error: `Must be at most ${ORDER_MAX_QUANTITY}` }),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `Not allowed here: ${iss.keys.join(", ")}` : "Invalid item") },
);

/** Order lines as a client writes them: a line's unitPrice is the server's (SPEC §5). */
export const writableLines = (items: unknown): unknown =>
  Array.isArray(items) ? items.map((i: { productId?: unknown; quantity?: unknown } | null) => ({ productId: i?.productId, quantity: i?.quantity })) : items;

/** The schema of one present value of a field. */
export function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case "text":
    case "longtext":
      return textSchema(f);
    case "email": {
      const base = z.string({ error: "Must be text" }).trim();
      const cased = f.lowercase ? base.toLowerCase() : base;
      return cased.max(f.max ?? 254, { error: `Must be at most ${f.max ?? 254} characters` }).pipe(z.email({ error: "Must be a valid email address" }));
    }
    case "password":
      return z
        .string({ error: "Must be text" })
        .min(f.min ?? PASSWORD_MIN_LENGTH, { error: `Must be at least ${f.min ?? PASSWORD_MIN_LENGTH} characters` })
        .max(f.max ?? PASSWORD_MAX_LENGTH, { error: `Must be at most ${f.max ?? PASSWORD_MAX_LENGTH} characters` });
    case "enum":
      return z.enum(f.options as [string, ...string[]], { error: `Must be one of: ${(f.options ?? []).join(", ")}` });
    case "boolean":
      return z.boolean({ error: "Must be true or false" });
    case "integer":
    case "money":
      return numberSchema(f);
    case "reference":
      return z.number({ error: `Choose a ${f.label.toLowerCase()}` }).int().positive({ error: `Choose a ${f.label.toLowerCase()}` });
    case "datetime":
      return z.iso.datetime({ error: "Must be an ISO 8601 date-time" });
    case "items":
      return z
        .array(orderItemSchema, { error: "Must be a list of items" })
        .min(ORDER_MIN_ITEMS, { error: `Add at least ${ORDER_MIN_ITEMS} item` })
        .max(ORDER_MAX_ITEMS, { error: `At most ${ORDER_MAX_ITEMS} items` });
    case "json":
      return z.unknown();
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
        if (f.required) errors[name] = [REQUIRED];
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
    else errors[name] = issuesToMessages(parsed.error.issues, name, errors);
  }
  return Object.keys(errors).length ? { data, errors } : { data };
}

/** A nested issue (an order line's) says which entry it is about, counted from 1 as people do. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const [first] = issue.path;
  if (first === undefined) return issue.message;
  return `${typeof first === "number" ? `Line ${first + 1}` : String(first)}: ${issue.message}`;
}

/** Errors keyed `items.N.field`, said on the `items` field itself: "Line N+1: …". */
export const lineMessages = (errors: FieldErrors): string[] =>
  Object.entries(errors).flatMap(([key, messages]) => {
    const index = Number(key.split(".")[1]);
    return Number.isInteger(index) ? messages.map((m) => `Line ${index + 1}: ${m}`) : [];
  });

function issuesToMessages(issues: z.core.$ZodIssue[], name: string, errors: FieldErrors): string[] {
  const own: string[] = [];
  for (const issue of issues) {
    if (issue.path.length) {
      // Nested (order items): items.0.quantity, and on the field itself "Line 1: …"
      const key = [name, ...issue.path.map(String)].join(".");
      (errors[key] ??= []).push(issue.message);
    }
    own.push(issueMessage(issue));
  }
  return own;
}

/** The message a form shows for one value, or null when it is fine: the form's client-side rule. */
export function checkFieldValue(f: FieldDef, value: unknown): string | null {
  const v = isOptionalText(f) ? blankToUndefined(value) : value;
  if (v === undefined || v === null || v === "") return f.required ? REQUIRED : null;
  const parsed = fieldSchema(f).safeParse(v);
  const issue = parsed.error?.issues[0];
  return parsed.success ? null : issue ? issueMessage(issue) : "Invalid value";
}
