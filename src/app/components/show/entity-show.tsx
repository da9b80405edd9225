import { ListButton, RefreshButton, Show } from "@refinedev/antd";
import { useNavigation, useShow, type BaseRecord } from "@refinedev/core";
import { Descriptions, Tabs } from "antd";
import { useMemo } from "react";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useTabParam } from "../../hooks/use-tab-param";
import { useLocale } from "../../i18n/use-locale";
import { recordLabel, showFields } from "../../lib/entity-view";
import { FieldValue } from "../fields/field-value";
import { RecordActions } from "../list/record-actions";
import { ReferenceCell } from "../list/reference-cell";
import { LoadErrorResult } from "../result/error-result";
import { ChangesTable, History } from "./history";
import { RelatedList } from "./related-list";

/** The generic record page: every field the role may read, related lists, and the History tab. */
export function EntityShow({ def, id }: { def: EntityDef; id: string | number }) {
  const ability = useAbility();
  const { t, singular, entityLabel, fieldLabel, relatedLabel } = useLocale();
  const { list } = useNavigation();
  const { query, result: record } = useShow<BaseRecord>({ resource: def.name, id, errorNotification: false });
  const fields = useMemo(() => (record ? showFields(def, ability, record) : []), [def, ability, record]);


  const title = record ? (recordLabel(def, record) ?? t("list.recordN", { what: singular(def), id: String(record.id) })) : singular(def);
  const tabs = [
    {
      key: "details",
      label: t("show.details"),
      children: (
        <Descriptions bordered column={1} size="middle" styles={{ label: { width: 200 } }}>
          {fields.map(([name, field]) => (
            <Descriptions.Item key={name} label={fieldLabel(def, name)}>
              {field.type === "reference" && record ? (
                <ReferenceCell field={field} value={record[name]} />
              ) : field.type === "json" && record ? (
                <ChangesTable resource={typeof record.resource === "string" ? record.resource : undefined} changes={record[name]} />
              ) : (
                <FieldValue field={field} value={record?.[name]} name={name} />
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ),
    },
    ...(def.related ?? [])
      .filter((r) => canDo(ability, "read", r.resource as never))
      .map((r) => ({ key: `related-${r.resource}-${r.field}`, label: relatedLabel(def, r), children: <RelatedList related={r} id={id} /> })),
    // The audit log's own records have no history of their own.
    ...(!def.readOnly && canDo(ability, "read", "audit-events") ? [{ key: "history", label: t("show.history"), children: <History def={def} id={id} /> }] : []),
  ];

  const [tab, openTab] = useTabParam(tabs.map((x) => x.key));
  if (query.isError) return <LoadErrorResult error={query.error} what={singular(def).toLowerCase()} />;

  return (
    <Show
      title={title}
      isLoading={query.isLoading}
      // Show's own edit and delete buttons ask without the record; ours ask with it (row rules).
      headerButtons={
        <>
          <ListButton resource={def.name}>{entityLabel(def)}</ListButton>
          {record && <RecordActions def={def} record={record} compact={false} show={false} onDeleted={() => list(def.name)} />}
          <RefreshButton resource={def.name} recordItemId={id} />
        </>
      }
    >
      <Tabs items={tabs} activeKey={tab} onChange={openTab} destroyOnHidden />
    </Show>
  );
}
