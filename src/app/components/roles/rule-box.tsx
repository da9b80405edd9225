import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Checkbox, Radio, Space, Typography, theme } from "antd";
import { useEffect, useId, useState, type ReactNode } from "react";
import { allFields, getEntity, orders } from "../../../domain/entities";
import { formatMoney } from "../../../domain/format";
import { useLocale } from "../../i18n/use-locale";
import { conditionFields, conditionsOf, ruleFieldChoices, whereOf, type Condition, type RoleRule, type WhereScalar } from "../../lib/role-rules";
import { optionLabel } from "../fields/field-value";
import { useOptionsFrom } from "../fields/options-from";
import { ReferenceCell } from "../list/reference-cell";
import { ConditionRow, opsFor } from "./condition-row";
import { ToneTag } from "./tone-tag";

export interface RuleBoxProps {
  rule: RoleRule;
  /** "Rule 2" / "Exception 1": its place among the cell's rules of its kind. */
  title: string;
  onChange?: (rule: RoleRule | null) => void;
  errors?: string[];
  /** How "$me" reads here: "me" on a role's page, the member's name on theirs. */
  meLabel: string;
}

/** The words for one field or status a rule names. */
function useChoiceLabel(rule: RoleRule) {
  const { fieldLabel, option } = useLocale();
  const def = getEntity(rule.resource);
  return (name: string) => (rule.action === "transition" ? option(orders, "status", name) : fieldLabel(def, name));
}

/** A condition's value as the reader reads it (a status by its label, an owner by their name). */
function ValueText({ resource, field, value }: { resource: string; field: string; value: WhereScalar }) {
  const { t, locale } = useLocale();
  const f = allFields(getEntity(resource))[field];
  const { labelOf } = useOptionsFrom(f ?? { type: "text", label: field, write: "never" });
  if (!f) return <>{String(value)}</>;
  switch (f.type) {
    case "enum":
      return <>{f.optionsFrom ? labelOf(String(value)) : optionLabel(f, String(value), t)}</>;
    case "boolean":
      return <>{value ? t("common.yes") : t("common.no")}</>;
    case "money":
      return <>{formatMoney(Number(value), locale)}</>;
    case "reference":
      return <ReferenceCell field={f} value={value} />;
    default:
      return <>{String(value)}</>;
  }
}

/** A translated sentence with React nodes in its places: `text` marks each place as \0name\0. */
function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  return text.split("\u0000").map((part, i) => <span key={i}>{i % 2 ? nodes[part] : part}</span>);
}

/** "Only rows where Assignee is me and Status is one of Draft, Placed". */
export function ConditionsText({ resource, where, meLabel }: { resource: string; where: RoleRule["where"]; meLabel: string }) {
  const { t, fieldLabel } = useLocale();
  const def = getEntity(resource);
  const conditions = conditionsOf(where);
  if (!conditions.length) return <>{t("roleEditor.allRows")}</>;
  const parts = conditions.map((c, i) => {
    const values = c.value === undefined ? [] : Array.isArray(c.value) ? c.value : [c.value];
    const shown: ReactNode =
      c.op === "me" ? (
        <strong>{meLabel}</strong>
      ) : (
        values.map((v, j) => (
          <span key={j}>
            {j > 0 && ", "}
            <strong>
              <ValueText resource={resource} field={c.field} value={v} />
            </strong>
          </span>
        ))
      );
    return (
      <span key={c.field}>
        {i > 0 && ` ${t("roleEditor.and")} `}
        {c.op === "me" ? (
          withNodes(t("roleEditor.fieldIs", { field: "\u0000field\u0000", who: "\u0000who\u0000" }), { field: fieldLabel(def, c.field), who: shown })
        ) : (
          <>
            {fieldLabel(def, c.field)} {t(`roleEditor.op.${c.op}`)} {shown}
          </>
        )}
      </span>
    );
  });
  return (
    <>
      {t("roleEditor.onlyRowsWhere")} {parts}
    </>
  );
}

/** The conditions as the operator edits them: an unfinished one (no value yet) stays on screen until it has one. */
function useDraftConditions(rule: RoleRule, onChange?: (rule: RoleRule | null) => void) {
  const [draft, setDraft] = useState<Condition[]>(() => conditionsOf(rule.where));
  const where = JSON.stringify(rule.where ?? null);
  useEffect(() => {
    // Changed from outside (All, None, a reload): start again from what the rule says.
    setDraft((d) => (JSON.stringify(whereOf(d) ?? null) === where ? d : conditionsOf(rule.where)));
    // `where` is the rule's condition as text
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [where]);
  const update = (next: Condition[]) => {
    setDraft(next);
    const nextWhere = whereOf(next);
    const { where: _old, ...rest } = rule;
    onChange?.(nextWhere ? { ...rest, where: nextWhere } : rest);
  };
  return [draft, update] as const;
}

/**
 * One rule of a cell: which fields (or, for a transition, which target statuses) and which rows.
 * Read-only it is two sentences; editable, checkboxes and row conditions. The server's (and the
 * shared schema's) messages about it stand at its top.
 */
export function RuleBox({ rule, title, onChange, errors, meLabel }: RuleBoxProps) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const label = useChoiceLabel(rule);
  const choices = ruleFieldChoices(rule.resource, rule.action);
  const editable = !!onChange;
  const [draft, setDraft] = useDraftConditions(rule, onChange);
  const transition = rule.action === "transition";
  const hasErrors = !!errors?.length;
  const id = useId();

  const fieldsPart = choices.length > 0 && (
    <div>
      <Typography.Text strong>{transition ? t("roleEditor.targets") : t("roleEditor.fields")}</Typography.Text>{" "}
      {!editable ? (
        <Typography.Text>
          {rule.fields ? rule.fields.map(label).join(", ") : transition ? t("roleEditor.allTargets") : t("roleEditor.allFields")}
        </Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <div role="radiogroup" aria-label={transition ? t("roleEditor.targets") : t("roleEditor.fields")}>
            <Radio.Group
              name={`${id}-fields`}
              value={rule.fields ? "some" : "all"}
              onChange={(e) => {
                const { fields: _f, ...rest } = rule;
                onChange({ ...rest, ...(e.target.value === "some" ? { fields: rule.fields ?? choices } : {}) });
              }}
              options={[
                { value: "all", label: transition ? t("roleEditor.allTargets") : t("roleEditor.allFields") },
                { value: "some", label: transition ? t("roleEditor.someTargets") : t("roleEditor.someFields") },
              ]}
            />
          </div>
          {rule.fields && (
            <>
              <Checkbox.Group
                className="sb-rule-fields"
                value={rule.fields}
                // The definition's order, whatever order they were ticked in.
                onChange={(picked) => onChange({ ...rule, fields: choices.filter((c) => (picked as string[]).includes(c)) })}
                options={choices.map((c) => ({ value: c, label: label(c) }))}
              />
              <Space size="small">
                <Button size="small" onClick={() => onChange({ ...rule, fields: choices })}>
                  {t("roleEditor.tickAll")}
                </Button>
                <Button size="small" onClick={() => onChange({ ...rule, fields: [] })}>
                  {t("roleEditor.tickNone")}
                </Button>
              </Space>
            </>
          )}
        </Space>
      )}
    </div>
  );

  const conditionChoices = conditionFields(rule.resource);
  const rowsPart = (
    <div>
      <Typography.Text strong>{t("roleEditor.rows")}</Typography.Text>{" "}
      {!editable ? (
        <Typography.Text>
          <ConditionsText resource={rule.resource} where={rule.where} meLabel={meLabel} />
        </Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          {draft.length === 0 ? (
            <Typography.Text>{t("roleEditor.allRows")}</Typography.Text>
          ) : (
            <Typography.Text style={{ color: token.colorTextSecondary }}>{t("roleEditor.onlyRowsWhereAll")}</Typography.Text>
          )}
          {draft.map((c, i) => (
            <ConditionRow
              key={i}
              resource={rule.resource}
              condition={c}
              choices={conditionChoices}
              taken={draft.map((d) => d.field)}
              onChange={(next) => setDraft(draft.map((d, j) => (j === i ? next : d)))}
              onRemove={() => setDraft(draft.filter((_, j) => j !== i))}
            />
          ))}
          {draft.length < conditionChoices.length && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const field = conditionChoices.find((n) => !draft.some((d) => d.field === n)) ?? conditionChoices[0];
                setDraft([...draft, { field, op: opsFor(rule.resource, field)[0] }]);
              }}
            >
              {t("roleEditor.addCondition")}
            </Button>
          )}
        </Space>
      )}
    </div>
  );

  return (
    <section
      className="sb-rule"
      aria-label={title}
      style={{
        border: `1px solid ${hasErrors ? token.colorError : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: 12,
        background: rule.deny ? token.colorFillQuaternary : undefined,
      }}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
          <Space>
            <Typography.Text strong>{title}</Typography.Text>
            {rule.deny && <ToneTag tone="error">{t("roleEditor.exceptionTag")}</ToneTag>}
          </Space>
          {editable && (
            <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange(null)}>
              {rule.deny ? t("roleEditor.removeException") : t("roleEditor.removeRule")}
            </Button>
          )}
        </div>
        {hasErrors && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={
              errors.length === 1 ? (
                errors[0]
              ) : (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {errors.map((e, i) => (
                    <li key={i}>{e}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        {rule.deny && <Typography.Text style={{ color: token.colorTextSecondary }}>{t("roleEditor.exceptionHelp")}</Typography.Text>}
        {fieldsPart}
        {rowsPart}
      </Space>
    </section>
  );
}
