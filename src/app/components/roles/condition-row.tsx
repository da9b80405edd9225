import { DeleteOutlined } from "@ant-design/icons";
import { Button, Input, InputNumber, Select } from "antd";
import { allFields, getEntity } from "../../../domain/entities";
import type { FieldDef } from "../../../domain/fields";
import { centsToDollars, dollarsToCents } from "../../../domain/format";
import { useLocale } from "../../i18n/use-locale";
import { meFits, type Condition, type ConditionOp, type WhereScalar } from "../../lib/role-rules";
import { optionLabel } from "../fields/field-value";
import { MoneyInput } from "../fields/money-input";
import { OptionsFromSelect } from "../fields/options-from";
import { ReferenceSelect } from "../fields/reference-select";

/** The comparisons a field offers: "is me" where it points at staff, "is one of" where a list makes sense. */
export function opsFor(resource: string, field: string): ConditionOp[] {
  const f = allFields(getEntity(resource))[field];
  return [...(meFits(resource, field) ? (["me"] as const) : []), "eq", ...(f?.type === "boolean" ? [] : (["in"] as const)), "ne"];
}

const asList = (v: Condition["value"]): WhereScalar[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const asOne = (v: Condition["value"]): WhereScalar | undefined => (Array.isArray(v) ? v[0] : v);

interface ValueProps {
  field: FieldDef;
  multiple: boolean;
  value: Condition["value"];
  onChange: (value: Condition["value"]) => void;
  label: string;
}

/** The value a condition compares with, in the input its field's type takes. */
function ConditionValue({ field, multiple, value, onChange, label }: ValueProps) {
  const { t } = useLocale();
  const style = { minWidth: 180, maxWidth: "100%" };
  switch (field.type) {
    case "enum":
      if (field.optionsFrom)
        return (
          <OptionsFromSelect
            field={field}
            multiple={multiple}
            aria-label={label}
            placeholder={label}
            style={style}
            value={(multiple ? asList(value) : asOne(value)) as never}
            onChange={(v) => onChange(v as never)}
          />
        );
      return (
        <Select
          aria-label={label}
          placeholder={label}
          mode={multiple ? "multiple" : undefined}
          style={style}
          value={(multiple ? asList(value) : asOne(value)) as never}
          options={(field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o, t) }))}
          onChange={(v: unknown) => onChange(v as never)}
        />
      );
    case "boolean":
      return (
        <Select
          aria-label={label}
          placeholder={label}
          style={{ minWidth: 100 }}
          value={asOne(value) as never}
          options={[
            { value: true, label: t("common.yes") },
            { value: false, label: t("common.no") },
          ]}
          onChange={(v: boolean) => onChange(v)}
        />
      );
    case "reference":
      return field.reference ? (
        <ReferenceSelect
          resource={field.reference}
          multiple={multiple}
          placeholder={label}
          style={style}
          value={(multiple ? asList(value) : asOne(value)) as never}
          onChange={(v) => onChange((multiple ? asList(v as never).map(Number) : typeof v === "number" ? v : undefined) as never)}
        />
      ) : null;
    case "integer":
    case "money": {
      const money = field.type === "money";
      if (multiple)
        return (
          <Select
            mode="tags"
            aria-label={label}
            placeholder={label}
            style={style}
            open={false}
            value={asList(value).map((v) => String(money ? centsToDollars(Number(v)) : v))}
            onChange={(vs: string[]) =>
              onChange(
                vs
                  .map(Number)
                  .filter(Number.isFinite)
                  .map((n) => (money ? dollarsToCents(n) : Math.round(n))),
              )
            }
          />
        );
      return money ? (
        <MoneyInput placeholder={label} style={{ width: 160 }} value={asOne(value) as number | undefined} onChange={(v) => onChange(v ?? undefined)} />
      ) : (
        <InputNumber<number>
          aria-label={label}
          placeholder={label}
          precision={0}
          style={{ width: 160 }}
          value={asOne(value) as number | undefined}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    }
    default:
      if (multiple)
        return (
          <Select
            mode="tags"
            aria-label={label}
            placeholder={label}
            style={style}
            open={false}
            value={asList(value).map(String)}
            onChange={(vs: string[]) => onChange(vs)}
          />
        );
      return (
        <Input
          aria-label={label}
          placeholder={label}
          style={{ width: 200 }}
          value={asOne(value) === undefined ? "" : String(asOne(value))}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      );
  }
}

interface ConditionRowProps {
  resource: string;
  condition: Condition;
  /** The fields other conditions of the rule already use (one condition per field). */
  taken: string[];
  choices: string[];
  onChange: (c: Condition) => void;
  onRemove: () => void;
}

/** "Owner · is me", "Status · is one of · Draft, Placed": one row condition, editable. */
export function ConditionRow({ resource, condition, taken, choices, onChange, onRemove }: ConditionRowProps) {
  const { t, fieldLabel } = useLocale();
  const def = getEntity(resource);
  const field = allFields(def)[condition.field];
  const name = fieldLabel(def, condition.field);
  const ops = opsFor(resource, condition.field);
  return (
    <div className="sb-condition" role="group" aria-label={t("roleEditor.conditionOn", { field: name })}>
      <Select
        aria-label={t("roleEditor.conditionField")}
        style={{ minWidth: 160 }}
        value={condition.field}
        options={choices.filter((n) => n === condition.field || !taken.includes(n)).map((n) => ({ value: n, label: fieldLabel(def, n) }))}
        onChange={(next: string) => onChange({ field: next, op: opsFor(resource, next)[0] })}
        showSearch
        optionFilterProp="label"
      />
      <Select
        aria-label={t("roleEditor.conditionOp", { field: name })}
        style={{ minWidth: 130 }}
        value={condition.op}
        options={ops.map((op) => ({ value: op, label: t(`roleEditor.op.${op}`) }))}
        onChange={(op: ConditionOp) =>
          onChange({ field: condition.field, op, value: op === "me" ? undefined : op === "in" ? asList(condition.value) : asOne(condition.value) })
        }
      />
      {condition.op !== "me" && field && (
        <ConditionValue
          field={field}
          multiple={condition.op === "in"}
          value={condition.value}
          label={t("roleEditor.conditionValue", { field: name })}
          onChange={(value) => onChange({ ...condition, value })}
        />
      )}
      <Button
        icon={<DeleteOutlined />}
        aria-label={t("roleEditor.removeCondition", { field: name })}
        title={t("roleEditor.removeCondition", { field: name })}
        onClick={onRemove}
      />
    </div>
  );
}
