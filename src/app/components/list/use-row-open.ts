import { useNavigation, type BaseKey, type BaseRecord } from "@refinedev/core";
import { useCallback } from "react";

// What inside a row is a control of its own, not "open this record".
const INTERACTIVE = "a, button, input, label, select, textarea, [role='button'], [role='checkbox'], .ant-table-selection-column, .ant-popover";

/**
 * A table's onRow that makes each row open its record, as a list's rows do: a click anywhere but
 * on the row's own controls (links, checkboxes, buttons, a popconfirm over it) or a selection of
 * text, and Enter on the focused row.
 */
export function useRowOpen(resource: string) {
  const { show } = useNavigation();
  return useCallback(
    (record: BaseRecord) => ({
      tabIndex: 0,
      onClick: (e: React.MouseEvent<HTMLElement>) => {
        if (!(e.target instanceof Element) || !e.currentTarget.contains(e.target)) return;
        if (e.target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
        show(resource, record.id as BaseKey);
      },
      onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
        if (e.key === "Enter" && e.target === e.currentTarget) show(resource, record.id as BaseKey);
      },
    }),
    [show, resource],
  );
}
