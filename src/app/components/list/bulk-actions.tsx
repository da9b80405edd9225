import { EditOutlined } from "@ant-design/icons";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Button, Flex, Typography } from "antd";
import { useMemo, type Dispatch, type SetStateAction } from "react";
import type { ResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { usePart } from "../../hooks/use-part";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { PART_MODULES } from "../../lib/route-modules";
import { BulkDelete } from "./bulk-delete";

export type Selection = Map<BaseKey, BaseRecord>;

interface BulkActionsProps {
  def: EntityDef;
  selected: Selection;
  setSelected: Dispatch<SetStateAction<Selection>>;
}

/** The bar over a list with rows selected: how many, what the role may do to them, and clearing it. */
export function BulkActions({ def, selected, setSelected }: BulkActionsProps) {
  const { t } = useLocale();
  const ability = useAbility();
  const records = useMemo(() => [...selected.values()], [selected]);
  // The bulk edit's dialog, its field inputs and their checks (zod, through the definitions'
  // schema) come in their own chunk: a list's first rows do not wait for code only a selection and
  // a click use (decision 112).
  const BulkEdit = usePart(PART_MODULES.bulkEdit)?.default;
  const resource = def.name as ResourceName;
  const deselect = (ids: BaseKey[]) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
  // Hidden, not unmounted, while nothing is selected: each action's summary outlives the selection it reports on.
  return (
    <Flex
      role="group"
      aria-label={t("list.selection")}
      wrap
      gap="small"
      align="center"
      style={{ marginBottom: 16, display: records.length ? undefined : "none" }}
    >
      <Typography.Text>{t("list.selected", { count: records.length })}</Typography.Text>
      {canDo(ability, "update", resource) &&
        (BulkEdit ? (
          <BulkEdit def={def} selected={records} onDone={deselect} />
        ) : (
          <Button icon={<EditOutlined />} disabled>
            {t("bulkEdit.button", { count: records.length })}
          </Button>
        ))}
      {canDo(ability, "delete", resource) && <BulkDelete def={def} selected={records} onDone={deselect} />}
      <Button type="link" onClick={() => setSelected(new Map())}>
        {t("list.clearSelection")}
      </Button>
    </Flex>
  );
}
