import { Space, Typography } from "antd";
import { Trans } from "react-i18next";
import { Link } from "react-router";
import { getEntity } from "../../../domain/entities";
import { useLocale } from "../../i18n/use-locale";
import type { Refusal, TrashItem } from "../../lib/trash";

/** What became of one restore: back (with its record), or refused and why. */
export interface Outcome {
  item: TrashItem;
  refusal?: Refusal;
}

/** The restored record's page, by its label. */
export function OpenRestored({ item }: { item: TrashItem }) {
  const { t } = useLocale();
  return <Link to={`/${item.resource}/show/${item.recordId}`}>{t("trash.open", { label: item.label })}</Link>;
}

/**
 * Why a restore was refused, in words, one line per field: a unique value someone holds now
 * ("email is taken by Ada Lovelace now", the holder a link), a reference that is gone, or the
 * answer's own message when it names no field (no longer in the trash, not allowed).
 */
export function RefusalReasons({ item, refusal }: { item: TrashItem; refusal: Refusal }) {
  const { t, fieldLabel } = useLocale();
  const def = getEntity(item.resource);
  if (!refusal.fields.length)
    return <Typography.Text type="secondary">{refusal.code === "NOT_FOUND" ? t("trash.notInTrash") : refusal.message}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {refusal.fields.map((f) => {
        const field = fieldLabel(def, f.field);
        return (
          <Typography.Text key={f.field} type="secondary">
            {f.holder ? (
              <Trans
                i18nKey="trash.takenBy"
                values={{ field, holder: f.holder.label }}
                components={{ holder: <Link to={`/${item.resource}/show/${f.holder.id}`} /> }}
              />
            ) : (
              t("trash.fieldReason", { field: fieldLabel(def, f.field), message: f.messages.join("; ") })
            )}
          </Typography.Text>
        );
      })}
      {refusal.code === "VALIDATION_FAILED" && <Typography.Text type="secondary">{t("trash.restoreFirst")}</Typography.Text>}
    </Space>
  );
}

/** A restored staff member has no password and is inactive until an admin says otherwise. */
export const comesBackInactive = (item: TrashItem) => item.resource === "staff";
