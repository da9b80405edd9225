import type { BaseRecord, CrudSort } from "@refinedev/core";
import type { TableColumnType } from "antd";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { NamedField } from "../../lib/entity-view";
import { t } from "../../i18n";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { FieldValue } from "../fields/field-value";
import { idsOf, ReferenceCell } from "./reference-cell";

/** A table column per field, rendered by type; references resolved in one batch per page. */
export function fieldColumns(fields: NamedField[], rows: readonly BaseRecord[] | undefined, sorters?: CrudSort[]): TableColumnType<BaseRecord>[] {
  return fields.map(([name, field]) => {
    const pageIds = field.type === "reference" ? idsOf(rows, name) : [];
    const numeric = field.type === "money" || field.type === "integer";
    return {
      key: name,
      dataIndex: name,
      // The list re-renders when the language changes, and asks again.
      title: t(fieldLabelKey(field) ?? "", { defaultValue: field.label }),
      align: numeric ? "right" : undefined,
      sorter: !!sorters,
      // null, not undefined, when unsorted: the column stays controlled, so antd keeps no order of its own.
      sortOrder: sorters ? (getDefaultSortOrder(name, sorters) ?? null) : undefined,
      render: (value: unknown) =>
        field.type === "reference" ? <ReferenceCell field={field} value={value} pageIds={pageIds} /> : <FieldValue field={field} value={value} name={name} compact />,
    };
  });
}
