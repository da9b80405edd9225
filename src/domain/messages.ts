/**
 * The field-error messages of the domain, as one table of templates. The zod schemas and the
 * server's own field checks say them in English (the API's wire format); the app turns a
 * message it receives back into its key and parameters (matchMessage) and says it in the
 * operator's language. Adding a message is one line here plus its translations.
 */
export const MESSAGES = {
  required: "Required",
  notText: "Must be text",
  nulChar: "Must not hold a NUL character",
  notNumber: "Must be a number",
  notWhole: "Must be a whole number",
  notBoolean: "Must be true or false",
  notDateTime: "Must be an ISO 8601 date-time",
  notEmail: "Must be a valid email address",
  minChars: "Must be at least {{min}} characters",
  maxChars: "Must be at most {{max}} characters",
  minValue: "Must be at least {{min}}",
  maxValue: "Must be at most {{max}}",
  oneOf: "Must be one of: {{options}}",
  invalidFormat: "Invalid format",
  invalidValue: "Invalid value",
  invalidItem: "Invalid item",
  chooseReference: "Choose a {{what}}",
  chooseProduct: "Choose a product",
  notList: "Must be a list of items",
  minItems: "Add at least {{min}} item",
  maxItems: "At most {{max}} items",
  notAllowedHere: "Not allowed here: {{fields}}",
  line: "Line {{line}}: {{message}}",
  unknownField: "Unknown field",
  taken: "This {{what}} is already taken",
  noSuch: "No such {{what}}",
  notValidChoice: "Not a valid choice",
  notActive: "{{name}} is not active",
  cannotGo: "Cannot go from {{from}} to {{to}}",
  incorrectPassword: "Incorrect password",
  mustDiffer: "Must differ from the current password",
  tooLong: "Too long",
  versionRequired: "Required: the version you saw",
  reasonNotTaken: "Only {{statuses}} take a reason",
  rule: "Rule {{rule}}: {{message}}",
  ruleList: "Must be a list of rules",
  maxRules: "At most {{max}} rules",
  ruleShape: "Must be a rule: resource, action, and optionally fields, where, deny",
  ruleResource: "Not a resource",
  ruleFieldList: "Must list at least one field",
  ruleWhereValue: "A condition is a value, { $in: [values] } or { $ne: value }",
  ruleMeOnStaff: "$me is a staff member: only for a field that points at staff",
  ruleNoLifecycle: "{{resource}} has no transitions",
  ruleReadOnly: "{{resource}} is never written",
  ruleAdminOnly: "Only the admin role writes {{resource}}",
  ruleStatus: "Not an order status: {{name}}",
  ruleUnknownField: "No field {{name}} in {{resource}}",
  ruleHiddenField: "{{name}} is not a field this role can read",
  ruleServerField: "{{name}} is set by the server",
  ruleNoFields: "A delete rule has no fields",
  ruleCondition: "{{name}} cannot be used in a condition",
  roleInUse: "Role in use",
  adminRoleFixed: "The admin role cannot be changed",
  noSuchRole: "No such role",
  passwordCommon: "Too common: choose one that others would not guess",
  passwordHasEmail: "Must not contain the name of the email address",
  invalidCode: "Wrong or used code",
  twoFactorOn: "Two-factor sign-in is on already",
  twoFactorOff: "Two-factor sign-in is off already",
  twoFactorNotSetUp: "Set up two-factor sign-in first",
  notThisRecordsEvent: "Not an event of this record's values",
  takenBy: "This {{what}} is taken by {{holder}} now",
  restoredMeanwhile: "Restored meanwhile",
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

const interpolate = (template: string, params: MessageParams = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** The English text of a message: what the server sends and the schema's issue says. */
export const message = (key: MessageKey, params?: MessageParams): string => interpolate(MESSAGES[key], params);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Matcher {
  key: MessageKey;
  names: string[];
  regex: RegExp;
  literal: number;
}

/** Longer fixed text first: "Must be at least 2 characters" is minChars, not minValue with "2 characters". */
const MATCHERS: Matcher[] = (Object.entries(MESSAGES) as [MessageKey, string][])
  .map(([key, template]) => {
    const names: string[] = [];
    const parts = template.split(/\{\{(\w+)\}\}/);
    const source = parts.map((part, i) => (i % 2 ? (names.push(part), "(.+?)") : escape(part))).join("");
    return { key, names, regex: new RegExp(`^${source}$`, "s"), literal: parts.filter((_, i) => i % 2 === 0).join("").length };
  })
  .sort((a, b) => b.literal - a.literal);

export interface MatchedMessage {
  key: MessageKey;
  params: Record<string, string>;
}

/** The template a message was made from, with its parameters as written; null for any other text. */
export function matchMessage(text: string): MatchedMessage | null {
  for (const m of MATCHERS) {
    const found = m.regex.exec(text);
    if (found) return { key: m.key, params: Object.fromEntries(m.names.map((name, i) => [name, found[i + 1]])) };
  }
  return null;
}
