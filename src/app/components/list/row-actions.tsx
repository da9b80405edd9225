import { EditOutlined, EyeOutlined } from "@ant-design/icons";
import { useLink, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import { useCallback } from "react";
import type { EntityDef } from "../../../domain/fields";
import type { ResourceName } from "../../../domain/entities";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { recordUrl } from "../../lib/list-url";
import { RowDeleteButton } from "./delete-record-button";

/**
 * A table's show / edit / delete per row, as @refinedev/antd's record buttons draw them (a Refine
 * Link around an antd Button), asked of the page's one ability: each of those buttons holds an
 * access query, a URL parse and a navigation hook of its own, three per row, and a page of rows
 * paid for sixty of them on every page change. The row rules count as they do for the buttons: an
 * agent sees no edit on someone else's customer, nobody a delete on a placed order. Each button is
 * named by what it does ("Show this order"), not by its icon's own label ("eye"), which a screen
 * reader would otherwise read out for it and for the link around it.
 */
export function useRowActions(def: EntityDef) {
  const ability = useAbility();
  const Link = useLink();
  const { t, singular } = useLocale();
  const what = singular(def).toLowerCase();

  return useCallback(
    (record: BaseRecord) => {
      const id = record.id as BaseKey | undefined;
      if (id === undefined) return null;
      const title = (action: "show" | "edit" | "delete") => t(`list.action.${action}`, { what });
      const may = (action: "read" | "update" | "delete") => canDo(ability, action, def.name as ResourceName, record);
      return (
        <Space size={4}>
          {may("read") && (
            <Link to={recordUrl(def.name, "show", id)}>
              <Button size="small" icon={<EyeOutlined />} title={title("show")} aria-label={title("show")} className="refine-show-button" />
            </Link>
          )}
          {!def.readOnly && may("update") && (
            <Link to={recordUrl(def.name, "edit", id)}>
              <Button size="small" icon={<EditOutlined />} title={title("edit")} aria-label={title("edit")} className="refine-edit-button" />
            </Link>
          )}
          {!def.readOnly && may("delete") && <RowDeleteButton def={def} id={id} record={record} title={title("delete")} />}
        </Space>
      );
    },
    [ability, def, Link, t, what],
  );
}
