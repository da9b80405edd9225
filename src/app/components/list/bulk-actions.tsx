import { EditOutlined } from "@ant-design/icons";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Button, Flex, Typography } from "antd";
import { Suspense, useMemo, type Dispatch, type SetStateAction } from "react";
import type { ResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { lazyRetry } from "../../lib/lazy-retry";
import { PART_MODULES } from "../../lib/route-modules";
import { BulkDelete } from "./bulk-delete";

/**
 * The bulk edit's dialog, its field inputs and their checks (zod, through the definitions'
 * schema) come in their own chunk, asked for as the list renders: a list's first rows do not wait
 * for code only a selection and a click use.
 */
const BulkEdit = lazyRetry(PART_MODULES.bulkEdit);

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
      {canDo(ability, "update", resource) && (
        <Suspense
          fallback={
            <Button icon={<EditOutlined />} disabled>
              {t("bulkEdit.button", { count: records.length })}
            </Button>
          }
        >
          <BulkEdit def={def} selected={records} onDone={deselect} />
        </Suspense>
      )}
      {canDo(ability, "delete", resource) && <BulkDelete def={def} selected={records} onDone={deselect} />}
      <Button type="link" onClick={() => setSelected(new Map())}>
        {t("list.clearSelection")}
      </Button>
    </Flex>
  );
}
