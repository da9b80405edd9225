import { DeleteOutlined } from "@ant-design/icons";
import { useDataProvider, useInvalidate, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { useState } from "react";
import type { ResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import { BulkSummary, labelOf, type Outcome } from "./bulk-summary";
import { DisabledWithReason } from "./disabled-with-reason";
import { useUndoCountdown } from "./undo-countdown";
import { useReferrers } from "./use-referrers";

interface BulkDeleteProps {
  def: EntityDef;
  selected: BaseRecord[];
  /** These were deleted: they leave the selection (the refused stay, to look at again). */
  onDone: (ids: BaseKey[]) => void;
}

/**
 * Deletes the selected rows one DELETE at a time, so the server checks each row on its own (policy,
 * REFERENCED, draft-only …) and one refusal stops nothing else; then says what happened to each.
 * Nothing is sent during the undo window. Refine's useDeleteMany would undo too, but as one call
 * with one outcome, not a summary per row.
 */
export function BulkDelete({ def, selected, onDone }: BulkDeleteProps) {
  const l = useLocale();
  const { t } = l;
  const ability = useAbility();
  const getProvider = useDataProvider();
  const invalidate = useInvalidate();
  const countdown = useUndoCountdown();
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const noun = (n: number) => (n === 1 ? l.singular(def) : l.entityLabel(def)).toLowerCase();
  // Rows are selectable for an edit too: a selection the role may delete none of has nothing to send.
  const deletable = selected.some((record) => canDo(ability, "delete", def.name as ResourceName, record));
  // What points at the selected, asked while the confirm is open: those would be refused, say so now.
  const [confirming, setConfirming] = useState(false);
  const referrers = useReferrers(def.name, confirming ? selected.map((r) => r.id as BaseKey) : [], confirming);
  const blocked = referrers.counts.filter(Boolean).length;

  const schedule = () => {
    const batch = selected;
    setRunning(true);
    countdown({
      key: `${def.name}-bulk-delete-undo`,
      message: (seconds) => t("list.bulkUndo", { count: batch.length, what: noun(batch.length), seconds }),
      onUndo: () => setRunning(false),
      onElapsed: () => void run(batch),
    });
  };

  const run = async (batch: BaseRecord[]) => {
    const { deleteOne } = getProvider();
    const results: Outcome[] = [];
    for (const record of batch) {
      const id = record.id as BaseKey;
      try {
        await deleteOne({ resource: def.name, id });
        results.push({ id, label: labelOf(def, record, l) });
      } catch (e) {
        results.push({ id, label: labelOf(def, record, l), refused: (e as AppHttpError)?.message ?? t("errors.unexpected") });
      }
    }
    setRunning(false);
    setOutcomes(results);
    onDone(results.filter((o) => !o.refused).map((o) => o.id));
    await invalidate({ resource: def.name, invalidates: ["list", "many"] });
  };

  // The summary outlives the selection it reports on, so this stays mounted and the button comes and goes.
  return (
    <>
      {selected.length > 0 &&
        (deletable ? (
          <Popconfirm
            title={t("list.bulkConfirm", { count: selected.length, what: noun(selected.length) })}
            description={
              referrers.checking
                ? t("list.checkingReferrers")
                : blocked
                  ? `${t("list.bulkReferrers", { count: blocked })} ${t("list.bulkHow")}`
                  : t("list.bulkHow")
            }
            open={confirming}
            onOpenChange={setConfirming}
            okText={t("buttons.delete")}
            cancelText={t("buttons.cancel")}
            okButtonProps={{ danger: true, disabled: referrers.checking || blocked === selected.length }}
            onConfirm={schedule}
          >
            <Button danger icon={<DeleteOutlined />} loading={running}>
              {t("list.deleteSelected")}
            </Button>
          </Popconfirm>
        ) : (
          <DisabledWithReason reason={t("list.noneDeletable")}>
            <Button danger icon={<DeleteOutlined />} disabled>
              {t("list.deleteSelected")}
            </Button>
          </DisabledWithReason>
        ))}
      <BulkSummary
        title={t("list.bulkTitle")}
        outcomes={outcomes}
        result={(deleted, refused) => t("list.bulkResult", { deleted, refused })}
        doneTitle={t("list.deleted")}
        onClose={() => setOutcomes(null)}
      />
    </>
  );
}
