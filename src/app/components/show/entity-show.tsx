import { ListButton, RefreshButton, Show } from "@refinedev/antd";
import { PlusSquareOutlined } from "@ant-design/icons";
import { useGo, useNavigation, useShow, type BaseRecord } from "@refinedev/core";
import { Button, Descriptions, Tabs } from "antd";
import { useLocation } from "react-router";
import { useMemo } from "react";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useFocusAfterSave } from "../../hooks/use-focus-after-save";
import { useTabParam } from "../../hooks/use-tab-param";
import { useLocale } from "../../i18n/use-locale";
import { recordLabel, showFields } from "../../lib/entity-view";
import { FieldValue } from "../fields/field-value";
import { RecordActions } from "../list/record-actions";
import { ReferenceCell } from "../list/reference-cell";
import { LoadErrorResult } from "../result/error-result";
import { ChangesTable, History } from "./history";
import { RelatedList } from "./related-list";
import { getEntity, roles } from "../../../domain/entities";
import { lazyRetry } from "../../lib/lazy-retry";
import { PART_MODULES } from "../../lib/route-modules";
import { LazyBoundary } from "../result/lazy-boundary";
import { BACK_ICON } from "../layout/back-icon";
import { recordAtHand } from "../../hooks/record-at-hand";

// The grid of a role loads with the tab that shows it, not with every record page.
const MemberPermissions = lazyRetry(PART_MODULES.memberPermissions);

/** What a record page shows below a resource's fields that no field holds: a staff member's two-factor sign-in. */
const RECORD_EXTRAS: Partial<Record<string, React.ComponentType<{ record: BaseRecord }>>> = {
  staff: lazyRetry(PART_MODULES.staffTwoFactor),
};

const BOOKKEEPING = new Set(["id", "version"]);

/** The generic record page: every field the role may read, related lists, and the History tab. */
export function EntityShow({ def, id }: { def: EntityDef; id: string | number }) {
  const ability = useAbility();
  const { t, singular, entityLabel, fieldLabel, relatedLabel } = useLocale();
  const { list } = useNavigation();
  const { query, result: record } = useShow<BaseRecord>({
    resource: def.name,
    id,
    errorNotification: false,
    queryOptions: { placeholderData: () => recordAtHand(def.name, id) },
  });
  useFocusAfterSave(!!record);
  // Which row and which revision are the app's bookkeeping, not what an operator reads (History has versions).
  const fields = useMemo(() => (record ? showFields(def, ability, record).filter(([name]) => !BOOKKEEPING.has(name)) : []), [def, ability, record]);
  const roleFields = canDo(ability, "read", roles.name) ? fields.filter(([, f]) => f.optionsFrom?.resource === roles.name) : [];

  const title = record ? (recordLabel(def, record) ?? t("list.recordN", { what: singular(def), id: String(record.id) })) : singular(def);
  const Extra = RECORD_EXTRAS[def.name];
  const tabs = [
    {
      key: "details",
      label: t("show.details"),
      children: (
        <>
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
          {Extra && record && (
            <LazyBoundary>
              <Extra record={record} />
            </LazyBoundary>
          )}
        </>
      ),
    },
    // A field naming a role (a staff member's): what that role lets them do, for readers of roles.
    ...roleFields
      .filter(([name]) => typeof record?.[name] === "string")
      .map(([name]) => ({
        key: "permissions",
        label: t("roleEditor.whatTheyMayDo"),
        children: (
          <LazyBoundary>
            <MemberPermissions roleKey={String(record?.[name])} name={record ? (recordLabel(def, record) ?? undefined) : undefined} />
          </LazyBoundary>
        ),
      })),
    ...(def.related ?? [])
      .filter((r) => canDo(ability, "read", r.resource as never))
      .map((r) => ({ key: `related-${r.resource}-${r.field}`, label: relatedLabel(def, r), children: <RelatedList related={r} id={id} /> })),
    // The audit log's own records have no history of their own.
    ...(!def.readOnly && canDo(ability, "read", "audit-events") ? [{ key: "history", label: t("show.history"), children: <History def={def} id={id} /> }] : []),
  ];

  // Start from here: a new related record with this one preset, and back here once it is saved.
  const go = useGo();
  const here = useLocation();
  const startHere = (def.related ?? []).filter((r) => r.startHere && canDo(ability, "create", r.resource as never));

  const [tab, openTab] = useTabParam(tabs.map((x) => x.key));
  if (query.isError) return <LoadErrorResult error={query.error} what={singular(def).toLowerCase()} />;

  return (
    <Show
      goBack={BACK_ICON}
      title={title}
      isLoading={query.isLoading}
      // Show's own edit and delete buttons ask without the record; ours ask with it (row rules).
      headerButtons={
        <>
          <ListButton resource={def.name}>{entityLabel(def)}</ListButton>
          {record && <RecordActions def={def} record={record} compact={false} show={false} onDeleted={() => list(def.name)} />}
          {startHere.map((r) => (
            <Button
              key={`${r.resource}-${r.field}`}
              icon={<PlusSquareOutlined />}
              onClick={() => go({ to: { resource: r.resource, action: "create" }, query: { [r.field]: id, to: `${here.pathname}${here.search}` } })}
            >
              {t("form.newTitle", { what: singular(getEntity(r.resource)).toLowerCase() })}
            </Button>
          ))}
          <RefreshButton resource={def.name} recordItemId={id} />
        </>
      }
    >
      <Tabs items={tabs} activeKey={tab} onChange={openTab} destroyOnHidden />
    </Show>
  );
}
