import { useList, type BaseRecord } from "@refinedev/core";
import { Empty, Skeleton, Space, Typography } from "antd";
import { Link } from "react-router";
import { roles } from "../../../domain/entities";
import type { RoleRule } from "../../../domain/roles/rules";
import { useLocale } from "../../i18n/use-locale";
import { RulesGrid } from "./rules-grid";

/**
 * "What they may do" on a staff member's page: the grid of their role, read-only, with "me" in
 * its conditions said as the member's name. For readers who may read roles (the page asks).
 */
export default function MemberPermissions({ roleKey, name }: { roleKey: string; name?: string }) {
  const { t, singular } = useLocale();
  const { result, query } = useList<BaseRecord>({
    resource: roles.name,
    filters: [{ field: "key", operator: "eq", value: roleKey }],
    pagination: { currentPage: 1, pageSize: 1 },
    errorNotification: false,
  });
  const role = result.data?.[0];
  if (query.isLoading) return <Skeleton active />;
  if (!role) return <Empty description={t("roleEditor.noSuchRole", { key: roleKey })} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t("roleEditor.memberHolds", { what: singular(roles).toLowerCase() })}{" "}
        <Link to={`/${roles.name}/show/${String(role.id)}`} style={{ textDecoration: "underline" }}>
          {String(role.name ?? roleKey)}
        </Link>
      </Typography.Paragraph>
      <RulesGrid rules={(Array.isArray(role.rules) ? role.rules : []) as RoleRule[]} meLabel={name ?? t("roleEditor.them")} idPrefix="member-rules" />
    </Space>
  );
}
