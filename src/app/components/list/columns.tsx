import type { BaseRecord, CrudSort } from "@refinedev/core";
import type { TableColumnType } from "antd";
import { getDefaultSortOrder } from "@refinedev/antd";
import { Link } from "react-router";
import type { NamedField } from "../../lib/entity-view";
import { t } from "../../i18n";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { FieldValue } from "../fields/field-value";
import { ReferenceColumnCell } from "./reference-cell";

/** Which column links to the record's page, and where it goes. */
export interface RecordLink {
  field: string;
  href: (record: BaseRecord) => string;
}

/**
 * A table column per field, rendered by type; references by their label, looked up once per page
 * and column by the `PageReferences` around the table. The
 * `link` column's cell is a real link to the record (middle-click, open in a new tab), the rest of
 * the row opens it by click (the list's onRow).
 */
export function fieldColumns(fields: NamedField[], sorters?: CrudSort[], link?: RecordLink): TableColumnType<BaseRecord>[] {
  return fields.map(([name, field]) => {
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
      render: (value: unknown, record: BaseRecord) => {
        const shown =
          field.type === "reference" ? (
            <ReferenceColumnCell name={name} field={field} value={value} />
          ) : (
            <FieldValue field={field} value={value} name={name} compact />
          );
        return link?.field === name && field.type !== "reference" ? (
          <Link className="sb-record-link" to={link.href(record)}>
            {shown}
          </Link>
        ) : (
          shown
        );
      },
    };
  });
}
