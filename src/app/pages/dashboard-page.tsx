import { Card, Col, Row, Space, Typography } from "antd";
import { Link } from "react-router";
import { ENTITIES } from "../../domain/entities";
import { canDo } from "../../domain/policy";
import { useAbility, useSessionUser } from "../hooks/use-session";
import { resolveIcon } from "../icons";
import { humanize } from "../lib/entity-view";

/** A placeholder until the real dashboard: who you are, and where you may go. */
export default function DashboardPage() {
  const user = useSessionUser();
  const ability = useAbility();
  const lists = ENTITIES.filter((def) => canDo(ability, "read", def.name as never));
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Welcome, {user?.name ?? "…"} — {user ? humanize(user.role) : ""}
        </Typography.Title>
      </Card>
      <Row gutter={[16, 16]}>
        {lists.map((def) => {
          const Icon = resolveIcon(def.icon);
          return (
            <Col key={def.name} xs={24} sm={12} lg={8}>
              <Link to={`/${def.name}`}>
                <Card hoverable>
                  <Space>
                    <Icon />
                    <Typography.Text strong>{def.label}</Typography.Text>
                  </Space>
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </Space>
  );
}
