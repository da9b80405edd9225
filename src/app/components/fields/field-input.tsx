import { Form, Input, InputNumber, Select, Spin, Switch, type SelectProps } from "antd";
import type { Rule } from "antd/es/form";
import type { FieldDef } from "../../../domain/fields";
import { PHONE_PATTERN } from "../../../domain/constants";
import { writableLines } from "../../../domain/order-lines";
import { checkFieldValue } from "../../../domain/schema";
import type { FormMode } from "../../lib/entity-view";
import { localize } from "../../i18n";
import { fieldKey, fieldLabelKey, locateField } from "../../i18n/definition-keys";
import { useLocale, type Locale } from "../../i18n/use-locale";
import { optionLabel } from "./field-value";
import { LazyBoundary } from "../result/lazy-boundary";
import { type AriaAttributes, type ComponentProps } from "react";
import { lazyRetry } from "../../lib/lazy-retry";
import { PART_MODULES } from "../../lib/route-modules";
import { MoneyInput } from "./money-input";
import { OptionsFromSelect } from "./options-from";
import { ReferenceSelect } from "./reference-select";

interface FieldInputProps {
  name: string;
  field: FieldDef;
  mode: FormMode;
  /** Pinned by the policy (e.g. an agent's own id as owner): shown, not editable. */
  fixed?: boolean;
}

/** On edit a password is a reset: leaving it empty keeps the current one. */
export const effectiveField = (field: FieldDef, mode: FormMode): FieldDef =>
  field.type === "password" && mode === "edit" ? { ...field, required: false } : field;

/** The definition's rules, run by the same zod schema the server validates with. */
export const ruleFor = (field: FieldDef): Rule => ({
  validator: async (_rule, value: unknown) => {
    const message = checkFieldValue(field, value);
    if (message) throw new Error(localize(message));
  },
});

/** A field's label and help in the operator's language (the definition's English by default). */
export function fieldTexts(field: FieldDef, t: Locale["t"]) {
  const labelKey = fieldLabelKey(field);
  const at = locateField(field);
  return {
    label: labelKey ? t(labelKey, { defaultValue: field.label }) : field.label,
    help: field.help && at?.resource ? t(`${fieldKey(at.resource, at.name)}.help`, { defaultValue: field.help }) : field.help,
  };
}

// Only an order's form has lines: the others do not download the items table. Once its code has
// arrived (an order's page imports it, the idle prefetch fetches it), it renders at once instead
// of suspending the form and waiting out React's reveal throttle (lazyRetry).
const ItemsInput = lazyRetry(PART_MODULES.itemsInput);
const LazyItemsInput = (props: ComponentProps<typeof ItemsInput>) => (
  <LazyBoundary fallback={<Spin />}>
    <ItemsInput {...props} />
  </LazyBoundary>
);

const LazyRulesInput = (props: ComponentProps<typeof RulesInput>) => (
  <LazyBoundary fallback={<Spin />}>
    <RulesInput {...props} />
  </LazyBoundary>
);

/** The definition's rule for `items`, on the lines as they will be sent (unitPrice is the server's). */
const itemsRule = (field: FieldDef): Rule => ({
  validator: async (_rule, value: unknown) => {
    const message = checkFieldValue(field, writableLines(value));
    if (message) throw new Error(localize(message));
  },
});

// Only a role's form has rules: the others do not download the grid.
const RulesInput = lazyRetry(PART_MODULES.rulesInput);

/**
 * A role's rules are checked by the same schema as anywhere, but said next to each rule by the
 * grid itself: the form item says only that something there needs a look.
 */
const rulesRule = (field: FieldDef, t: Locale["t"]): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (checkFieldValue(field, value)) throw new Error(t("roleEditor.fixMarked"));
  },
});

/** One input per field type, with the definition's client-side rule. */
export function FieldInput({ name, field: declared, mode, fixed }: FieldInputProps) {
  const { t } = useLocale();
  const field = effectiveField(declared, mode);
  const texts = fieldTexts(declared, t);
  // A new password is said by its rule in words (length, not common, not the email's name).
  const help =
    field.type === "password"
      ? [mode === "edit" ? t("fields.keepPassword") : texts.help, t("fields.passwordRule", { min: field.min, max: field.max })].filter(Boolean).join(" ")
      : texts.help;
  if (field.type === "rules") {
    return (
      <Form.Item name={name} label={texts.label} required={field.required} rules={[rulesRule(field, t)]} extra={help} data-field={name}>
        <LazyRulesInput name={name} disabled={fixed} />
      </Form.Item>
    );
  }
  if (field.type === "items") {
    return (
      <Form.Item name={name} label={texts.label} required={field.required} rules={[itemsRule(field)]} extra={help} data-field={name}>
        <LazyItemsInput disabled={fixed} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={name}
      label={texts.label}
      required={field.required}
      rules={[ruleFor(field)]}
      extra={help}
      valuePropName={field.type === "boolean" ? "checked" : "value"}
      validateFirst
      data-field={name}
    >
      {renderControl(field, t, fixed)}
    </Form.Item>
  );
}

/**
 * A Select for a form field. Form.Item hands a required field's control aria-required, which antd's
 * Select puts on its outer box, an element with no role where the attribute is not allowed (axe:
 * aria-allowed-attr, critical); the label's mark and the field's error say it is required instead,
 * as for the reference selects.
 */
function EnumSelect({ "aria-required": _required, ...props }: SelectProps & { "aria-required"?: AriaAttributes["aria-required"] }) {
  return <Select {...props} />;
}

function renderControl(field: FieldDef, t: Locale["t"], disabled?: boolean) {
  switch (field.type) {
    case "longtext":
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={field.max} showCount={!!field.max} disabled={disabled} />;
    case "email":
      return <Input type="email" inputMode="email" autoComplete="off" maxLength={field.max} disabled={disabled} />;
    case "password":
      return <Input.Password autoComplete="new-password" maxLength={field.max} disabled={disabled} />;
    case "enum":
      if (field.optionsFrom) return <OptionsFromSelect field={field} disabled={disabled} allowClear={!field.required} />;
      return (
        <EnumSelect
          options={(field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o, t) }))}
          disabled={disabled}
          allowClear={!field.required}
        />
      );
    case "boolean":
      return <Switch disabled={disabled} />;
    case "integer":
      return <InputNumber<number> style={{ width: "100%" }} precision={0} inputMode="numeric" disabled={disabled} />;
    case "money":
      return <MoneyInput disabled={disabled} />;
    case "reference":
      return field.reference ? (
        <ReferenceSelect resource={field.reference} where={field.referenceWhere} disabled={disabled} allowClear={!field.required} />
      ) : (
        <Input disabled />
      );
    default:
      // A phone number brings up the phone's dial pad.
      return field.pattern === PHONE_PATTERN ? (
        <Input type="tel" autoComplete="off" maxLength={field.max} disabled={disabled} />
      ) : (
        <Input maxLength={field.max} disabled={disabled} />
      );
  }
}
