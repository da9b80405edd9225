import { ArrowDownOutlined, ArrowUpOutlined, InsertRowRightOutlined } from "@ant-design/icons";
import { Button, Checkbox, Popover, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { EntityDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import { moveColumn, type ColumnChoice } from "../../lib/list-columns";
import "./list-preferences.css";

interface ColumnChooserProps {
  def: EntityDef;
  columns: readonly ColumnChoice[];
  /** The record's label: always shown. */
  locked?: string;
  onChange: (columns: ColumnChoice[]) => void;
}

/**
 * Which of the list's columns show, and in what order: a checkbox per column and up/down buttons
 * (not dragging, so a keyboard does it all). Opening it moves the focus into it; Escape closes it
 * and gives the focus back to its button.
 */
export function ColumnChooser({ def, columns, locked, onChange }: ColumnChooserProps) {
  const { t, fieldLabel } = useLocale();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const visible = columns.filter((c) => c.visible).length;
  const isFixed = (c: ColumnChoice) => c.name === locked || (c.visible && visible === 1);

  // The panel is a layer of its own: opened, the focus goes to the first column one may change. The
  // popup shows only once placed (hidden, nothing takes the focus), so this tries until it holds.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const target = panel.current?.querySelector<HTMLElement>("input:not([disabled])");
      target?.focus();
      if ((!target || document.activeElement !== target) && ++tries < 60) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const move = (name: string, by: -1 | 1) => {
    const next = moveColumn(columns, name, by);
    onChange(next);
    // At the top or bottom its button turns disabled and would drop the focus: hand it to the other one.
    const at = next.findIndex((c) => c.name === name);
    const edge = (by === -1 && at === 0) || (by === 1 && at === next.length - 1);
    if (edge) requestAnimationFrame(() => panel.current?.querySelector<HTMLButtonElement>(`[data-column="${name}"][data-move="${-by}"]`)?.focus());
  };

  const content = (
    <div
      ref={panel}
      className="sb-column-chooser"
      role="group"
      aria-label={t("views.columns")}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      }}
    >
      <Typography.Text type="secondary" className="sb-column-chooser-help">
        {t("views.columnsHelp")}
      </Typography.Text>
      <ol>
        {columns.map((c, i) => {
          const label = fieldLabel(def, c.name);
          // The label column, and the last one showing, stay: a list of no columns shows nothing.
          const fixed = isFixed(c);
          return (
            <li key={c.name}>
              <Checkbox
                checked={c.visible}
                disabled={fixed}
                onChange={(e) => onChange(columns.map((x) => (x.name === c.name ? { ...x, visible: e.target.checked } : x)))}
              >
                {label}
              </Checkbox>
              <Space size={2}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t("views.moveUp", { column: label })}
                  title={t("views.moveUp", { column: label })}
                  disabled={i === 0}
                  data-column={c.name}
                  data-move="-1"
                  onClick={() => move(c.name, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t("views.moveDown", { column: label })}
                  title={t("views.moveDown", { column: label })}
                  disabled={i === columns.length - 1}
                  data-column={c.name}
                  data-move="1"
                  onClick={() => move(c.name, 1)}
                />
              </Space>
            </li>
          );
        })}
      </ol>
      <Button size="small" onClick={() => onChange(columns.map((c) => ({ ...c, visible: true })))} disabled={visible === columns.length}>
        {t("views.showAll")}
      </Button>
    </div>
  );

  return (
    <Popover
      content={content}
      title={t("views.columns")}
      trigger="click"
      // Centred under its button, it slides sideways to stay on a phone's screen.
      placement="bottom"
      open={open}
      onOpenChange={setOpen}
    >
      <Button ref={trigger} icon={<InsertRowRightOutlined />} aria-expanded={open} aria-haspopup="true">
        {t("views.columns")}
      </Button>
    </Popover>
  );
}
