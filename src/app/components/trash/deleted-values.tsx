import { Descriptions, Grid } from "antd";
import { useMemo } from "react";
import { getEntity } from "../../../domain/entities";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { showFields } from "../../lib/entity-view";
import type { TrashItem } from "../../lib/trash";
import { FieldValue } from "../fields/field-value";
import { ReferenceCell } from "../list/reference-cell";

/** A deleted record's values as they were when it was deleted: the fields the reader may see. */
export function DeletedValues({ item }: { item: TrashItem }) {
  const ability = useAbility();
  const { t, fieldLabel } = useLocale();
  const def = getEntity(item.resource);
  const fields = useMemo(() => showFields(def, ability, item.record).filter(([name]) => name in item.record), [def, ability, item.record]);
  // On a phone each label goes above its value: two columns of a 390 px screen cut both.
  const wide = Grid.useBreakpoint().sm !== false;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      layout={wide ? "horizontal" : "vertical"}
      title={t("trash.values")}
      styles={{ label: wide ? { width: 180 } : {}, content: { overflowWrap: "anywhere" } }}
      style={{ maxWidth: 760 }}
    >
      {fields.map(([name, field]) => (
        <Descriptions.Item key={name} label={fieldLabel(def, name)}>
          {field.type === "reference" ? (
            <ReferenceCell field={field} value={item.record[name]} />
          ) : (
            <FieldValue field={field} value={item.record[name]} name={name} />
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
