import { ListButton, RefreshButton, Show } from "@refinedev/antd";
import { useNavigation, useShow, type BaseRecord } from "@refinedev/core";
import { Descriptions, Tabs, Typography, theme } from "antd";
import { Link } from "react-router";
import { staff } from "../../domain/entities";
import { canDo } from "../../domain/policy";
import type { RoleRule } from "../../domain/roles/rules";
import { FieldValue } from "../components/fields/field-value";
import { RecordActions } from "../components/list/record-actions";
import { RulesGrid } from "../components/roles/rules-grid";
import { LoadErrorResult } from "../components/result/error-result";
import { History } from "../components/show/history";
import { RelatedList } from "../components/show/related-list";
import { useAbility } from "../hooks/use-session";
import { useFocusAfterSave } from "../hooks/use-focus-after-save";
import { useTabParam } from "../hooks/use-tab-param";
import { useLocale } from "../i18n/use-locale";
import { listUrl } from "../lib/list-url";
import type { OverrideProps } from "./index";
import { BACK_ICON } from "../components/layout/back-icon";
import { recordAtHand } from "../hooks/record-at-hand";

/** The staff field that holds a role's key (`optionsFrom` the roles): whose members a role has. */
const memberField = Object.entries(staff.fields).find(([, f]) => f.optionsFrom?.field === "key")?.[0] ?? "role";

/**
 * A role: what it is, what it allows as the grid of resources × actions with each
 * Custom cell spelled out, who holds it, and its history. Admins edit it from here (the buttons
 * follow the policy: the admin role itself, and the built-in roles' delete, have none).
 */
export default function RoleShow({ def, id }: OverrideProps) {
  const ability = useAbility();
  const { token } = theme.useToken();
  const { t, singular, entityLabel, fieldLabel } = useLocale();
  const { list } = useNavigation();
  const roleId = id ?? "";
  const { query, result: role } = useShow<BaseRecord>({
    resource: def.name,
    id: roleId,
    errorNotification: false,
    queryOptions: { placeholderData: () => recordAtHand(def.name, roleId) },
  });
  useFocusAfterSave(!!role);
  const key = typeof role?.key === "string" ? role.key : undefined;
  const rules = (Array.isArray(role?.rules) ? role.rules : []) as RoleRule[];
  const members = { resource: staff.name, field: memberField, label: "Members" };

  const tabs = [
    {
      key: "rules",
      label: t("roleEditor.permissions"),
      children: (
        <>
          <Typography.Paragraph style={{ color: token.colorTextSecondary }}>{t("roleEditor.gridHelp")}</Typography.Paragraph>
          <RulesGrid rules={rules} />
        </>
      ),
    },
    ...(key && canDo(ability, "read", staff.name)
      ? [
          {
            key: "members",
            label: t("roleEditor.members"),
            children: (
              <>
                <RelatedList related={members} id={roleId} value={key} />
                <Link to={listUrl(staff.name, [{ field: memberField, operator: "in", value: [key] }])}>
                  {t("roleEditor.membersInList", { what: entityLabel(staff).toLowerCase() })}
                </Link>
              </>
            ),
          },
        ]
      : []),
    ...(canDo(ability, "read", "audit-events") ? [{ key: "history", label: t("show.history"), children: <History def={def} id={roleId} /> }] : []),
  ];
  const [tab, openTab] = useTabParam(tabs.map((x) => x.key));
  if (query.isError) return <LoadErrorResult error={query.error} what={singular(def).toLowerCase()} />;

  return (
    <Show
      goBack={BACK_ICON}
      title={role ? String(role.name ?? role.key) : singular(def)}
      isLoading={query.isLoading}
      headerButtons={
        <>
          <ListButton resource={def.name}>{entityLabel(def)}</ListButton>
          {role && <RecordActions def={def} record={role} compact={false} show={false} onDeleted={() => list(def.name)} />}
          <RefreshButton resource={def.name} recordItemId={roleId} />
        </>
      }
    >
      {role && (
        <Descriptions bordered size="middle" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} style={{ marginBottom: 16 }} aria-label={singular(def)}>
          <Descriptions.Item label={fieldLabel(def, "key")}>
            <Typography.Text code>{String(role.key)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={fieldLabel(def, "name")}>{String(role.name ?? "")}</Descriptions.Item>
          <Descriptions.Item label={fieldLabel(def, "requireTwoFactor")}>
            <FieldValue field={def.fields.requireTwoFactor} value={role.requireTwoFactor ?? false} />
          </Descriptions.Item>
          <Descriptions.Item label={fieldLabel(def, "builtIn")}>
            <FieldValue field={def.fields.builtIn} value={role.builtIn ?? false} />
          </Descriptions.Item>
          {role.description !== undefined && (
            <Descriptions.Item label={fieldLabel(def, "description")} span="filled">
              <FieldValue field={def.fields.description} value={role.description} />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {role ? (
        <Tabs items={tabs} activeKey={tab} onChange={openTab} destroyOnHidden />
      ) : (
        <Typography.Text type="secondary">{t("common.loading")}</Typography.Text>
      )}
    </Show>
  );
}
