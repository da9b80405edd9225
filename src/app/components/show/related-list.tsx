import { useTable } from "@refinedev/antd";
import { useNavigation, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Table } from "antd";
import { useMemo } from "react";
import { getEntity } from "../../../domain/entities";
import type { RelatedList as RelatedListDef } from "../../../domain/fields";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { columnFields } from "../../lib/entity-view";
import { fieldColumns } from "../list/columns";
import { PageReferences } from "../list/reference-cell";
import { useRowActions } from "../list/row-actions";
import { useRowOpen } from "../list/use-row-open";

/**
 * Records of another resource that point at this one (customer → orders, staff → customers owned …);
 * `value`: what they hold that names this record, when it is not its id (a role's members hold its key).
 * A list like any other: the label column links to each record, and a row opens it by click or Enter.
 */
export function RelatedList({ related, id, value = id }: { related: RelatedListDef; id: BaseKey; value?: BaseKey }) {
  const def = getEntity(related.resource);
  const ability = useAbility();
  const { t, number, entityLabel } = useLocale();
  // The back-pointing column is this very record on every row: leave it out.
  const fields = useMemo(() => columnFields(def, ability).filter(([name]) => name !== related.field), [def, ability, related.field]);
  const { tableProps, sorters } = useTable<BaseRecord>({
    resource: related.resource,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [def.list.defaultSort] },
    filters: { permanent: [{ field: related.field, operator: "eq", value }] },
  });
  const { showUrl } = useNavigation();
  const onRow = useRowOpen(def.name);
  const rowActions = useRowActions(def);
  const link = fields.some(([name]) => name === def.recordLabel)
    ? { field: def.recordLabel, href: (record: BaseRecord) => showUrl(def.name, record.id as BaseKey) }
    : undefined;
  const columns = [...fieldColumns(fields, sorters, link), { key: "actions", width: 1, render: (_: unknown, record: BaseRecord) => rowActions(record) }];
  return (
    <PageReferences def={def} shown={fields.map(([name]) => name)} rows={tableProps.dataSource}>
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        onRow={onRow}
        // Not through onRow: its className would replace antd's own row classes.
        rowClassName="sb-row-link"
        columns={columns}
        size="small"
        pagination={{ ...tableProps.pagination, showSizeChanger: false, showTotal: (total: number) => t("show.inAll", { count: number(total) }) }}
        locale={{ emptyText: t("show.none", { what: entityLabel(def).toLowerCase() }) }}
      />
    </PageReferences>
  );
}
