import { CheckOutlined, DownOutlined, StarFilled } from "@ant-design/icons";
import { useCreate, useDelete, useList, useUpdate, type BaseKey } from "@refinedev/core";
import { Button, Dropdown, Form, Input, Modal, Switch, type MenuProps } from "antd";
import { useEffect, useState } from "react";
import { VIEW_NAME_MAX } from "../../../domain/constants";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import type { ListPreferencesState, SavedView } from "../../hooks/use-list-preferences";
import { useAbility, useSessionUser } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import "./list-preferences.css";

const failure = (message: string) => (e?: unknown) => ({ type: "error" as const, message, description: (e as AppHttpError | undefined)?.message });

/**
 * The list's saved views: the person's own and those shared with everyone, applied with a click;
 * saving what is on screen as a new view, updating or deleting the applied one (if it is theirs),
 * and making it the view the list opens with.
 */
export function ViewsMenu({ def, state }: { def: EntityDef; state: ListPreferencesState }) {
  const { t } = useLocale();
  const me = useSessionUser()?.id;
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // Asked for when first wanted (the menu opened, a view applied), then kept fresh by Refine.
  const [wanted, setWanted] = useState(false);
  const { query } = useList<SavedView>({
    resource: "views",
    filters: [{ field: "resource", operator: "eq", value: def.name }],
    sorters: [{ field: "name", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: wanted || open || state.applied !== null },
    errorNotification: failure(t("views.loadFailed")),
  });
  const { mutate: update } = useUpdate<SavedView>();
  const { mutate: remove } = useDelete<SavedView>();
  const views = query.data?.data ?? [];
  const applied = state.applied;
  const mine = (v: SavedView) => v.ownerId === me;

  // A view chosen before the list has settled (opened as the person left it, its query in the URL)
  // waits for it: applied earlier, the list's own opening would undo it.
  const [pending, setPending] = useState<SavedView | null>(null);
  const choose = (id: BaseKey) => {
    const view = views.find((v) => String(v.id) === String(id));
    if (!view) return;
    if (state.settled) state.apply(view);
    else setPending(view);
  };
  const { apply, settled } = state;
  useEffect(() => {
    if (!pending || !settled) return;
    apply(pending);
    setPending(null);
  }, [pending, settled, apply]);

  const overwrite = (view: SavedView) =>
    update(
      {
        resource: "views",
        id: view.id,
        values: { query: state.current(), version: view.version },
        mutationMode: "pessimistic",
        successNotification: { type: "success", message: t("views.updated", { name: view.name }) },
        errorNotification: failure(t("views.updateFailed", { name: view.name })),
      },
      { onSuccess: ({ data }) => state.apply(data) },
    );

  const drop = (view: SavedView) =>
    remove(
      {
        resource: "views",
        id: view.id,
        // Like every delete: gone only after the notification's 5 seconds of Undo.
        mutationMode: "undoable",
        successNotification: { type: "success", message: t("views.deleted", { name: view.name }) },
        errorNotification: failure(t("views.deleteFailed", { name: view.name })),
      },
      {
        onSuccess: () => {
          if (String(state.defaultView) === String(view.id)) state.setDefaultView(null);
          if (String(state.applied?.id) === String(view.id)) state.forget();
        },
      },
    );

  const item = (v: SavedView) => ({
    key: `view:${v.id}`,
    icon: String(applied?.id) === String(v.id) ? <CheckOutlined aria-hidden /> : <span className="sb-menu-icon-space" aria-hidden />,
    label: (
      <span>
        {v.name}
        {String(state.defaultView) === String(v.id) && (
          <>
            {" "}
            <StarFilled aria-hidden /> <span className="sb-visually-hidden">{t("views.isDefault")}</span>
          </>
        )}
        {mine(v) && v.shared === "everyone" && <span className="sb-views-note"> · {t("views.sharedNote")}</span>}
      </span>
    ),
  });
  const group = (key: string, label: string, list: SavedView[]) => ({
    key,
    type: "group" as const,
    label,
    children: list.length ? list.map(item) : [{ key: `${key}:none`, disabled: true, label: query.isLoading ? t("views.loading") : t("views.none") }],
  });
  const ownApplied = applied && mine(applied) ? applied : null;
  const items: MenuProps["items"] = [
    group("mine", t("views.mine"), views.filter(mine)),
    group(
      "shared",
      t("views.shared"),
      views.filter((v) => !mine(v)),
    ),
    { type: "divider" },
    { key: "save", label: t("views.save") },
    ...(ownApplied
      ? [
          { key: "update", label: t("views.update", { name: ownApplied.name }) },
          { key: "delete", danger: true, label: t("views.delete", { name: ownApplied.name }) },
        ]
      : []),
    ...(applied && String(applied.id) !== String(state.defaultView) ? [{ key: "default", label: t("views.makeDefault", { name: applied.name }) }] : []),
    ...(state.defaultView !== null ? [{ key: "clearDefault", label: t("views.clearDefault") }] : []),
  ];

  const onClick: MenuProps["onClick"] = ({ key }) => {
    setOpen(false);
    if (key.startsWith("view:")) return choose(key.slice("view:".length));
    if (key === "save") return setSaving(true);
    if (key === "update" && ownApplied) return overwrite(ownApplied);
    if (key === "delete" && ownApplied) return drop(ownApplied);
    if (key === "default" && applied) return state.setDefaultView(applied.id);
    if (key === "clearDefault") return state.setDefaultView(null);
  };

  return (
    <>
      <Dropdown
        trigger={["click"]}
        // Its button sits near the page's right edge: opened to the right, a long view name made the
        // menu overflow, and it jumped left under the pointer as it was realigned.
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setWanted(true);
        }}
        autoFocus
        menu={{ items, onClick, className: "sb-views-menu", selectable: false }}
      >
        <Button aria-haspopup="menu" aria-expanded={open}>
          {applied ? t("views.buttonApplied", { name: applied.name }) : t("views.button")} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {saving && <SaveViewModal def={def} state={state} onClose={() => setSaving(false)} />}
    </>
  );
}

interface SaveValues {
  name: string;
  share?: boolean;
}

/** "Save view…": a name, and sharing with everyone for those whose role may share. */
function SaveViewModal({ def, state, onClose }: { def: EntityDef; state: ListPreferencesState; onClose: () => void }) {
  const { t } = useLocale();
  const ability = useAbility();
  const mayShare = canDo(ability, "create", "views", undefined, "shared");
  const [form] = Form.useForm<SaveValues>();
  const { mutate: create, mutation } = useCreate<SavedView>();

  const submit = (values: SaveValues) =>
    create(
      {
        resource: "views",
        values: { name: values.name.trim(), resource: def.name, query: state.current(), shared: mayShare && values.share ? "everyone" : "me" },
        successNotification: { type: "success", message: t("views.saved", { name: values.name.trim() }) },
        errorNotification: (e) => {
          const errors = (e as AppHttpError | undefined)?.errors ?? {};
          return errors.name?.length ? false : failure(t("views.saveFailed"))(e);
        },
      },
      {
        onSuccess: ({ data }) => {
          state.apply(data);
          onClose();
        },
        onError: (e) => {
          const errors = (e as AppHttpError).errors ?? {};
          if (errors.name?.length) form.setFields([{ name: "name", errors: errors.name }]);
        },
      },
    );

  return (
    <Modal
      open
      title={t("views.saveTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: "", share: false }}>
        <Form.Item
          name="name"
          label={t("views.name")}
          rules={[
            { required: true, whitespace: true, message: t("views.nameRequired") },
            { max: VIEW_NAME_MAX, message: t("views.nameMax", { max: VIEW_NAME_MAX }) },
          ]}
        >
          <Input autoFocus maxLength={VIEW_NAME_MAX} showCount />
        </Form.Item>
        {mayShare && (
          <Form.Item name="share" label={t("views.share")} valuePropName="checked" extra={t("views.shareHelp")}>
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
