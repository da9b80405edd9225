import { PlusOutlined, StopOutlined } from "@ant-design/icons";
import { Button, Grid, Radio, Space, Tooltip, Typography, theme } from "antd";
import { createElement, useState } from "react";
import { getEntity } from "../../../domain/entities";
import { resolveIcon } from "../../icons";
import { useLocale } from "../../i18n/use-locale";
import {
  actionApplies,
  addRule,
  cellRules,
  cellState,
  customStart,
  grantable,
  replaceRule,
  RULE_ACTIONS,
  RULE_RESOURCES,
  ruleFieldChoices,
  setCellState,
  type Action,
  type CellState,
  type IndexedRule,
  type RoleRule,
} from "../../lib/role-rules";
import { RuleBox } from "./rule-box";
import { ToneTag } from "./tone-tag";

export interface RulesGridProps {
  rules: readonly RoleRule[];
  /** Absent: the grid is read-only. */
  onChange?: (rules: RoleRule[]) => void;
  /** Messages per rule, by its index in `rules`. */
  errors?: ReadonlyMap<number, string[]>;
  /** How "$me" reads in a condition. */
  meLabel?: string;
  /** Keeps the ids of two grids on one page apart. */
  idPrefix?: string;
}

const cellKey = (resource: string, action: Action) => `${resource}:${action}`;

interface CellInfo {
  resource: string;
  action: Action;
  entries: IndexedRule[];
  state: CellState;
  id: string;
  errorCount: number;
}

/**
 * A role's rules as a grid of resources × actions, each cell All, None or Custom;
 * below it, what each Custom cell holds: its rules and exceptions, each with its fields (for
 * order transitions, target statuses) and row conditions. Editable with `onChange`, read-only
 * without. On a phone the grid becomes one block per resource.
 */
export function RulesGrid({ rules, onChange, errors, meLabel, idPrefix = "rules" }: RulesGridProps) {
  const { t, entityLabel } = useLocale();
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().md !== false;
  // Cells turned Custom whose rule still reads as All (a delete, which names no fields): they stay
  // open for a row condition instead of jumping back.
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const me = meLabel ?? t("roleEditor.me");
  const editable = !!onChange;

  const info = (resource: string, action: Action): CellInfo => {
    const entries = cellRules(rules, resource, action);
    const raw = cellState(entries);
    const state = raw === "all" && opened.has(cellKey(resource, action)) && editable ? "custom" : raw;
    const errorCount = entries.reduce((n, e) => n + (errors?.get(e.index)?.length ?? 0), 0);
    return { resource, action, entries, state, id: `${idPrefix}-${resource}-${action}`, errorCount };
  };

  const setState = (resource: string, action: Action, state: CellState) => {
    const key = cellKey(resource, action);
    setOpened((prev) => {
      const next = new Set(prev);
      if (state === "custom") next.add(key);
      else next.delete(key);
      return next;
    });
    onChange?.(setCellState(rules, resource, action, state));
  };

  const actionLabel = (action: Action) => t(`roleEditor.action.${action}`);
  const resourceLabel = (resource: string) => entityLabel(getEntity(resource));

  // A render function, not a component: a component declared here would be a new type on every
  // render, and React would remount the cell's radio group under the keyboard's focus.
  function renderCell(cell: CellInfo) {
    const { resource, action, state, entries } = cell;
    if (!actionApplies(resource, action)) return null;
    const name = `${resourceLabel(resource)}: ${actionLabel(action)}`;
    const mayGrant = grantable(resource, action);
    const details = state === "custom" && (
      <a
        href={`#${cell.id}`}
        className="sb-cell-details"
        style={{ color: token.colorLink }}
        onClick={(e) => {
          e.preventDefault();
          const target = document.getElementById(cell.id);
          target?.scrollIntoView({ block: "start", behavior: "smooth" });
          target?.focus({ preventScroll: true });
        }}
      >
        {summary(cell)}
      </a>
    );
    const problem = cell.errorCount > 0 && (
      <Typography.Text style={{ fontSize: 12, color: token.colorErrorTextActive }}>
        {state === "custom" ? t("roleEditor.cellProblems", { count: cell.errorCount }) : entries.flatMap((e) => errors?.get(e.index) ?? []).join(" ")}
      </Typography.Text>
    );
    if (editable && (mayGrant || entries.length > 0)) {
      return (
        <div className="sb-cell">
          {/* A real radio group (antd's is a plain div): one Tab stop, arrows move between All, None and Custom. */}
          <div role="radiogroup" aria-label={name}>
            <Radio.Group
              name={cell.id}
              size="small"
              optionType="button"
              buttonStyle="solid"
              value={state}
              onChange={(e) => setState(resource, action, e.target.value as CellState)}
              options={(["all", "none", "custom"] as const).map((s) => ({ value: s, label: t(`roleEditor.state.${s}`), disabled: !mayGrant && s !== "none" }))}
            />
          </div>
          {details}
          {problem}
        </div>
      );
    }
    if (editable) {
      const why = t(getEntity(resource).readOnly ? "roleEditor.neverWritten" : "roleEditor.adminOnly", { resource: resourceLabel(resource) });
      return (
        <Tooltip title={why}>
          <span className="sb-cell">
            <StopOutlined style={{ color: token.colorTextTertiary }} aria-hidden />
            <span className="sb-visually-hidden">{`${name}: ${why}`}</span>
          </span>
        </Tooltip>
      );
    }
    return (
      <div className="sb-cell">
        {state === "all" ? (
          <ToneTag tone="success">{t("roleEditor.state.all")}</ToneTag>
        ) : state === "none" ? (
          <span style={{ color: token.colorTextSecondary }}>{t("roleEditor.state.none")}</span>
        ) : (
          <ToneTag tone="primary">{t("roleEditor.state.custom")}</ToneTag>
        )}
        {details}
      </div>
    );
  }

  /** "3 of 12 fields · some rows · 1 exception" */
  function summary(cell: CellInfo) {
    const choices = ruleFieldChoices(cell.resource, cell.action);
    const grants = cell.entries.filter((e) => !e.rule.deny);
    const denies = cell.entries.length - grants.length;
    const parts: string[] = [];
    if (grants.length > 1) parts.push(t("roleEditor.summary.rules", { count: grants.length }));
    else if (grants.length === 1) {
      const fields = grants[0].rule.fields;
      if (fields && choices.length)
        parts.push(
          t(cell.action === "transition" ? "roleEditor.summary.targets" : "roleEditor.summary.fields", { count: fields.length, total: choices.length }),
        );
      if (grants[0].rule.where) parts.push(t("roleEditor.summary.someRows"));
    } else parts.push(t("roleEditor.summary.noGrant"));
    if (denies) parts.push(t("roleEditor.summary.exceptions", { count: denies }));
    if (!parts.length) parts.push(t("roleEditor.summary.details"));
    return parts.join(" · ");
  }

  const cells = RULE_RESOURCES.map((resource) => ({ resource, cells: RULE_ACTIONS.map((action) => info(resource, action)) }));
  const custom = cells.flatMap((row) => row.cells.filter((c) => c.state === "custom" && actionApplies(c.resource, c.action)));
  const icon = (resource: string) => createElement(resolveIcon(getEntity(resource).icon), { "aria-hidden": true } as never);

  const grid = wide ? (
    <div className="sb-rules-scroll" role="region" aria-label={t("roleEditor.grid")} tabIndex={0}>
      <table className="sb-rules-grid" style={{ borderColor: token.colorBorderSecondary }}>
        <caption className="sb-visually-hidden">{t("roleEditor.grid")}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ background: token.colorFillAlter, borderColor: token.colorBorderSecondary }}>
              {t("roleEditor.resource")}
            </th>
            {RULE_ACTIONS.map((a) => (
              <th key={a} scope="col" style={{ background: token.colorFillAlter, borderColor: token.colorBorderSecondary }}>
                {actionLabel(a)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row) => (
            <tr key={row.resource}>
              <th scope="row" style={{ borderColor: token.colorBorderSecondary }}>
                <Space size={6}>
                  {icon(row.resource)}
                  {resourceLabel(row.resource)}
                </Space>
              </th>
              {row.cells.map((c) => (
                <td key={c.action} style={{ borderColor: token.colorBorderSecondary, background: c.errorCount ? token.colorErrorBg : undefined }}>
                  {renderCell(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  ) : (
    <div className="sb-rules-stack" aria-label={t("roleEditor.grid")} role="region">
      {cells.map((row) => (
        <section
          key={row.resource}
          aria-labelledby={`${idPrefix}-row-${row.resource}`}
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 12 }}
        >
          <Typography.Title level={5} id={`${idPrefix}-row-${row.resource}`} style={{ marginTop: 0 }}>
            <Space size={6}>
              {icon(row.resource)}
              {resourceLabel(row.resource)}
            </Space>
          </Typography.Title>
          {row.cells
            .filter((c) => actionApplies(c.resource, c.action))
            .map((c) => (
              <div key={c.action} className="sb-stack-line" style={{ background: c.errorCount ? token.colorErrorBg : undefined }}>
                <Typography.Text>{actionLabel(c.action)}</Typography.Text>
                {renderCell(c)}
              </div>
            ))}
        </section>
      ))}
    </div>
  );

  return (
    <div className="sb-rules">
      {grid}
      {custom.length > 0 && (
        <div className="sb-rules-details">
          <Typography.Title level={5}>{t("roleEditor.customCells")}</Typography.Title>
          {custom.map((c) => (
            <CellDetails
              key={c.id}
              cell={c}
              rules={rules}
              onChange={onChange}
              errors={errors}
              meLabel={me}
              title={`${resourceLabel(c.resource)} · ${actionLabel(c.action)}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}

interface CellDetailsProps {
  cell: CellInfo;
  rules: readonly RoleRule[];
  onChange?: (rules: RoleRule[]) => void;
  errors?: ReadonlyMap<number, string[]>;
  meLabel: string;
  title: string;
}

/** What one Custom cell holds: its rules, then its exceptions, each editable, and a way to add either. */
function CellDetails({ cell, rules, onChange, errors, meLabel, title }: CellDetailsProps) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const grants = cell.entries.filter((e) => !e.rule.deny);
  const denies = cell.entries.filter((e) => e.rule.deny);
  const box = (e: IndexedRule, n: number) => (
    <RuleBox
      key={e.index}
      rule={e.rule}
      title={t(e.rule.deny ? "roleEditor.exceptionN" : "roleEditor.ruleN", { n })}
      errors={errors?.get(e.index)}
      meLabel={meLabel}
      onChange={onChange ? (next) => onChange(replaceRule(rules, e.index, next)) : undefined}
    />
  );
  return (
    <section
      id={cell.id}
      tabIndex={-1}
      aria-label={title}
      className="sb-cell-panel"
      style={{
        border: `1px solid ${cell.errorCount ? token.colorError : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 16,
        marginBottom: 16,
        outline: "none",
      }}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Space direction="vertical" style={{ width: "100%" }}>
        {grants.length === 0 && <Typography.Text style={{ color: token.colorTextSecondary }}>{t("roleEditor.noGrant")}</Typography.Text>}
        {grants.map((e, i) => box(e, i + 1))}
        {denies.map((e, i) => box(e, i + 1))}
        {onChange && (
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => onChange(addRule(rules, customStart(cell.resource, cell.action)))}>
              {t("roleEditor.addRule")}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => onChange(addRule(rules, { resource: cell.resource, action: cell.action, deny: true }))}>
              {t("roleEditor.addException")}
            </Button>
          </Space>
        )}
      </Space>
    </section>
  );
}
