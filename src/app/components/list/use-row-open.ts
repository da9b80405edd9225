import { useNavigation, type BaseKey, type BaseRecord } from "@refinedev/core";
import { useCallback } from "react";
import { useHandler } from "../../hooks/use-handler";

// What inside a row is a control of its own, not "open this record".
const INTERACTIVE = "a, button, input, label, select, textarea, [role='button'], [role='checkbox'], .ant-table-selection-column, .ant-popover";

/**
 * A table's onRow that makes each row open its record, as a list's rows do: a click anywhere but
 * on the row's own controls (links, checkboxes, buttons, a popconfirm over it) or a selection of
 * text, and Enter on the focused row.
 */
export function useRowOpen(resource: string) {
  const { show } = useNavigation();
  // One function for the list's life, so the table's rows are not rendered again for a new one.
  const open = useHandler((id: BaseKey) => show(resource, id));
  return useCallback(
    (record: BaseRecord) => ({
      tabIndex: 0,
      onClick: (e: React.MouseEvent<HTMLElement>) => {
        if (!(e.target instanceof Element) || !e.currentTarget.contains(e.target)) return;
        if (e.target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
        open(record.id as BaseKey);
      },
      onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
        if (e.key === "Enter" && e.target === e.currentTarget) open(record.id as BaseKey);
      },
    }),
    [open],
  );
}
