import { ClearOutlined, DeleteOutlined, UndoOutlined } from "@ant-design/icons";
import { List, useTable } from "@refinedev/antd";
import { useDataProvider, useInvalidate, useNotification, useSubscription, type CrudFilter, type LogicalFilter } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Alert, Button, Grid, List as AntList, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TRASH_RETENTION_DAYS } from "../../../domain/constants";
import { getEntity, type ResourceName } from "../../../domain/entities";
import { canDo } from "../../../domain/policy";
import { ADMIN_ROLE } from "../../../domain/roles/rules";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { mayRestoreAny, refusalOf, TRASHABLE, trashKey, type TrashItem } from "../../lib/trash";
import { currentPermissions, subscribeSession } from "../../providers/session";
import { DateTimeValue } from "../fields/field-value";
import { ReferenceSelect } from "../fields/reference-select";
import { DeletedValues } from "./deleted-values";
import { comesBackInactive, OpenRestored, RefusalReasons, type Outcome } from "./restore-outcome";

const logical = (filters: readonly CrudFilter[]) => filters.filter((f): f is LogicalFilter => "field" in f);
const valueOf = (filters: readonly CrudFilter[], field: string) => logical(filters).find((f) => f.field === field)?.value as unknown;
const present = (v: unknown) => v !== undefined && v !== null && v !== "";

/** A deletion of a record of this resource, seen live: the trash has a new entry. */
function OnDeleted({ resource, onChange }: { resource: string; onChange: () => void }) {
  useSubscription({ channel: `resources/${resource}`, types: ["deleted"], onLiveEvent: onChange });
  return null;
}

/**
 * `/trash`: what was deleted, newest first, of the resources the reader may read, with
 * each record's values at deletion a click away; restore one or many (each on its own, each
 * outcome said), and for admins, purge. The list is `GET /api/trash` through the data provider,
 * so its page, page size and filters live in the URL like any list's.
 */
export function TrashList() {
  const l = useLocale();
  const { t, number, singular, entityLabel } = l;
  const ability = useAbility();
  // Purging is an admin's, by a guard above the rules (src/server/trash.ts): asked of the role, not a rule.
  const isAdmin = useSyncExternalStore(subscribeSession, currentPermissions, currentPermissions)?.role === ADMIN_ROLE;
  const readable = useMemo(() => TRASHABLE.filter((d) => canDo(ability, "read", d.name as ResourceName)), [ability]);
  // A reader who may restore nothing (an auditor) is told once, not on every row.
  const restorer = mayRestoreAny(ability);
  const getProvider = useDataProvider();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();

  const { tableProps, tableQuery, filters, setFilters, currentPage, setCurrentPage, pageSize, setPageSize } = useTable<TrashItem>({
    resource: "trash",
    syncWithLocation: true,
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
    // The trash is newest first, and sorts no other way.
    sorters: { mode: "off" },
    queryOptions: { placeholderData: keepPreviousData },
  });
  const rows = tableProps.dataSource;

  // A page past the end (entries restored since) goes to the last page; a hand-edited page size to the default.
  const total = tableQuery.isPlaceholderData ? undefined : tableQuery.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (currentPage > last) setCurrentPage(last);
  }, [total, pageSize, currentPage, setCurrentPage]);
  useEffect(() => {
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) setPageSize(DEFAULT_PAGE_SIZE);
  }, [pageSize, setPageSize]);

  const setFilter = (field: string, value: unknown) => {
    setFilters([{ field, operator: "eq", value: present(value) ? value : undefined }]);
    setCurrentPage(1);
  };
  const resourceFilter = valueOf(filters, "resource");
  const deletedByFilter = valueOf(filters, "deletedBy");
  const filtered = present(resourceFilter) || present(deletedByFilter);

  // Selected entries across pages, by key, as they were shown (for the summary).
  const [selected, setSelected] = useState<Map<string, TrashItem>>(new Map());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<{ done: number; of: number } | null>(null);
  // The last single restore's outcome, said above the list; a bulk restore's, in a summary.
  const [last, setLast] = useState<Outcome | null>(null);
  const [summary, setSummary] = useState<Outcome[] | null>(null);

  const refresh = async (resources: Iterable<string>) => {
    await invalidate({ resource: "trash", invalidates: ["list"] });
    for (const resource of new Set(resources)) void invalidate({ resource, invalidates: ["list", "many"] });
  };

  const post = async (item: TrashItem, action: "restore" | "purge") => {
    const { custom } = getProvider();
    if (!custom) throw new Error("The data provider has no custom calls");
    return custom({ url: `${API_URL}/${item.resource}/${item.recordId}/${action}`, method: "post", payload: {} });
  };

  const restoreOne = async (item: TrashItem): Promise<Outcome> => {
    const key = trashKey(item);
    setBusy((b) => new Set(b).add(key));
    try {
      await post(item, "restore");
      return { item };
    } catch (error) {
      return { item, refusal: refusalOf(error, t("errors.unexpected")) };
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  };

  const restore = async (item: TrashItem) => {
    setLast(null);
    const outcome = await restoreOne(item);
    setLast(outcome);
    if (!outcome.refusal)
      setSelected((s) => {
        const next = new Map(s);
        next.delete(trashKey(item));
        return next;
      });
    await refresh([item.resource]);
  };

  /**
   * One restore at a time, so the server checks each on its own and one refusal stops nothing else.
   * Newest deletion first, the list's order: what was deleted last (a category) is what the records
   * deleted before it (its products) may point at, and comes back before them.
   */
  const restoreSelected = async () => {
    const batch = [...selected.values()].sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : 0));
    setLast(null);
    setBulk({ done: 0, of: batch.length });
    const outcomes: Outcome[] = [];
    for (const item of batch) {
      outcomes.push(await restoreOne(item));
      setBulk({ done: outcomes.length, of: batch.length });
    }
    setBulk(null);
    setSelected(new Map());
    setSummary(outcomes);
    await refresh(batch.map((i) => i.resource));
  };

  const purge = async (item: TrashItem) => {
    const key = trashKey(item);
    setBusy((b) => new Set(b).add(key));
    try {
      await post(item, "purge");
      notify?.({ type: "success", key: `purge-${key}`, message: t("trash.purged", { label: item.label }) });
      setSelected((s) => {
        const next = new Map(s);
        next.delete(key);
        return next;
      });
      if (last && trashKey(last.item) === key) setLast(null);
      await refresh([]);
    } catch (error) {
      const refusal = refusalOf(error, t("errors.unexpected"));
      notify?.({
        type: "error",
        key: `purge-${key}`,
        message: t("trash.purgeFailed", { label: item.label }),
        description: refusal.code === "NOT_FOUND" ? t("trash.notInTrash") : refusal.message,
      });
      await refresh([]);
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  };

  const what = (item: TrashItem) => singular(getEntity(item.resource));
  const recordCell = (item: TrashItem) => (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{item.label}</Typography.Text>
      <Typography.Text type="secondary">
        {what(item)} #{item.recordId}
      </Typography.Text>
    </Space>
  );
  // Inside a line of text a link is underlined, so it is not told apart by its colour alone.
  const byCell = (item: TrashItem, inText = false) =>
    item.deletedById !== null && canDo(ability, "read", "staff") ? (
      <Link to={`/staff/show/${item.deletedById}`} style={inText ? { textDecoration: "underline" } : undefined}>
        {item.deletedBy ?? `#${item.deletedById}`}
      </Link>
    ) : (
      <>{item.deletedBy ?? t("show.system")}</>
    );
  const actionsCell = (item: TrashItem) => {
    const key = trashKey(item);
    return (
      <Space size={8} wrap>
        {item.canRestore ? (
          <Button
            size="small"
            icon={<UndoOutlined />}
            loading={busy.has(key)}
            disabled={bulk !== null}
            onClick={() => void restore(item)}
            aria-label={t("trash.restoreLabel", { label: item.label })}
          >
            {t("trash.restore")}
          </Button>
        ) : (
          restorer && <Tag>{t("trash.cannotRestore")}</Tag>
        )}
        {isAdmin && (
          <Popconfirm
            title={t("trash.purgeConfirm", { label: item.label })}
            description={t("trash.purgeHelp")}
            okText={t("trash.purge")}
            cancelText={t("buttons.cancel")}
            okButtonProps={{ danger: true }}
            onConfirm={() => purge(item)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={busy.has(key) || bulk !== null}
              aria-label={t("trash.purgeLabel", { label: item.label })}
            >
              {t("trash.purge")}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };
  // On a phone one column says it all, the buttons under it: nothing to scroll sideways to.
  const wide = Grid.useBreakpoint().md !== false;
  const columns = wide
    ? [
        { key: "record", title: t("trash.record"), render: (_: unknown, item: TrashItem) => recordCell(item) },
        { key: "deletedAt", title: t("trash.deletedAt"), render: (_: unknown, item: TrashItem) => <DateTimeValue value={item.deletedAt} /> },
        { key: "deletedBy", title: t("trash.deletedBy"), render: (_: unknown, item: TrashItem) => byCell(item) },
        { key: "actions", title: <span className="sb-visually-hidden">{t("table.actions")}</span>, render: (_: unknown, item: TrashItem) => actionsCell(item) },
      ]
    : [
        {
          key: "record",
          title: t("trash.record"),
          render: (_: unknown, item: TrashItem) => (
            <Space direction="vertical" size={8}>
              {recordCell(item)}
              <Typography.Text type="secondary">
                {t("trash.deletedAt")}: <DateTimeValue value={item.deletedAt} /> · {byCell(item, true)}
              </Typography.Text>
              {actionsCell(item)}
            </Space>
          ),
        },
      ];

  const mayRestoreSome = rows?.some((r) => r.canRestore) || selected.size > 0;
  const rowSelection = mayRestoreSome
    ? {
        preserveSelectedRowKeys: true,
        selectedRowKeys: [...selected.keys()],
        onChange: (keys: React.Key[]) =>
          setSelected((prev) => {
            const next = new Map<string, TrashItem>();
            for (const key of keys) {
              const item = prev.get(String(key)) ?? rows?.find((r) => trashKey(r) === key);
              if (item) next.set(String(key), item);
            }
            return next;
          }),
        getCheckboxProps: (item: TrashItem) => ({ disabled: !item.canRestore, "aria-label": t("trash.select", { label: item.label }) }),
      }
    : undefined;

  const restored = summary?.filter((o) => !o.refusal) ?? [];
  const refused = summary?.filter((o) => o.refusal) ?? [];

  return (
    <List title={t("trash.title")} canCreate={false}>
      {readable.map((d) => (
        <OnDeleted key={d.name} resource={d.name} onChange={() => void tableQuery.refetch()} />
      ))}
      <Typography.Paragraph type="secondary">
        {t("trash.help", { days: TRASH_RETENTION_DAYS })}
        {!restorer && ` ${t("trash.readOnly")}`}
      </Typography.Paragraph>
      <Space wrap size={[8, 8]} style={{ marginBottom: 16 }} role="search" aria-label={t("list.filters")}>
        <Select
          allowClear
          aria-label={t("trash.resource")}
          placeholder={t("trash.resource")}
          style={{ minWidth: 180 }}
          value={present(resourceFilter) ? String(resourceFilter) : undefined}
          options={readable.map((d) => ({ value: d.name, label: entityLabel(d) }))}
          onChange={(v?: string) => setFilter("resource", v)}
        />
        {canDo(ability, "read", "staff") && (
          <ReferenceSelect
            resource="staff"
            placeholder={t("trash.deletedBy")}
            value={present(deletedByFilter) ? Number(deletedByFilter) : undefined}
            onChange={(v) => setFilter("deletedBy", v)}
          />
        )}
        {filtered && (
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              setFilters([
                { field: "resource", operator: "eq", value: undefined },
                { field: "deletedBy", operator: "eq", value: undefined },
              ]);
              setCurrentPage(1);
            }}
          >
            {t("trash.clearFilters")}
          </Button>
        )}
      </Space>

      <div aria-live="polite">
        {last && (
          <Alert
            style={{ marginBottom: 16 }}
            type={last.refusal ? "error" : "success"}
            showIcon
            closable
            onClose={() => setLast(null)}
            message={
              last.refusal ? t("trash.restoreFailed", { label: last.item.label }) : t("trash.restored", { what: what(last.item), label: last.item.label })
            }
            description={
              last.refusal ? (
                <RefusalReasons item={last.item} refusal={last.refusal} />
              ) : (
                <Space direction="vertical" size={0}>
                  <OpenRestored item={last.item} />
                  {comesBackInactive(last.item) && <Typography.Text type="secondary">{t("trash.staffInactive")}</Typography.Text>}
                </Space>
              )
            }
          />
        )}
      </div>

      {selected.size > 0 && (
        <Space wrap style={{ marginBottom: 16 }} aria-label={t("list.selection")} role="group">
          <Typography.Text>{t("list.selected", { count: selected.size })}</Typography.Text>
          <Button type="primary" icon={<UndoOutlined />} loading={bulk !== null} onClick={() => void restoreSelected()}>
            {bulk ? t("trash.restoring", { done: bulk.done, count: bulk.of }) : t("trash.restoreSelected")}
          </Button>
          <Button type="link" onClick={() => setSelected(new Map())} disabled={bulk !== null}>
            {t("list.clearSelection")}
          </Button>
        </Space>
      )}

      <Table<TrashItem>
        {...tableProps}
        loading={tableQuery.isLoading || tableQuery.isPlaceholderData}
        rowKey={trashKey}
        rowSelection={rowSelection}
        columns={columns}
        size="middle"
        // Not useTable's `scroll: { x: true }`: antd then adds a hidden measuring row holding a copy of
        // the header's "Select all" checkbox, focusable inside aria-hidden (axe: aria-hidden-focus).
        // The columns fit from a tablet up, and a phone gets one column (above).
        scroll={undefined}
        expandable={{ expandedRowRender: (item) => <DeletedValues item={item} /> }}
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (all: number, [from, to]: [number, number]) => t("list.range", { from: number(from), to: number(to), total: number(all) }),
        }}
        locale={{ emptyText: <Typography.Text type="secondary">{t(filtered ? "trash.noMatch" : "trash.empty")}</Typography.Text> }}
      />

      <Modal
        open={summary !== null}
        title={t("trash.bulkTitle")}
        onCancel={() => setSummary(null)}
        footer={
          <Button type="primary" onClick={() => setSummary(null)}>
            {t("list.done")}
          </Button>
        }
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert
            type={refused.length ? (restored.length ? "warning" : "error") : "success"}
            showIcon
            message={t("trash.bulkResult", { restored: restored.length, refused: refused.length })}
          />
          {restored.length > 0 && (
            <section aria-label={t("trash.restoredList")}>
              <AntList
                size="small"
                header={<Typography.Text strong>{t("trash.restoredList")}</Typography.Text>}
                dataSource={restored}
                rowKey={(o) => trashKey(o.item)}
                renderItem={(o) => (
                  <AntList.Item>
                    <AntList.Item.Meta
                      title={<OpenRestored item={o.item} />}
                      description={comesBackInactive(o.item) ? `${what(o.item)} · ${t("trash.staffInactive")}` : what(o.item)}
                    />
                  </AntList.Item>
                )}
              />
            </section>
          )}
          {refused.length > 0 && (
            <section aria-label={t("trash.refusedList")}>
              <AntList
                size="small"
                header={<Typography.Text strong>{t("trash.refusedList")}</Typography.Text>}
                dataSource={refused}
                rowKey={(o) => trashKey(o.item)}
                renderItem={(o) => (
                  <AntList.Item>
                    <AntList.Item.Meta title={`${o.item.label} (${what(o.item)})`} description={<RefusalReasons item={o.item} refusal={o.refusal!} />} />
                  </AntList.Item>
                )}
              />
            </section>
          )}
        </Space>
      </Modal>
    </List>
  );
}
