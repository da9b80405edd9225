import { useMany } from "@refinedev/core";
import { getEntity, isResourceName } from "../../../domain/entities";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import type { FieldDef } from "../../../domain/fields";
import { FieldValue } from "../fields/field-value";

interface ReferenceCellProps {
  field: FieldDef;
  value: unknown;
  /**
   * Every id this column shows on the page: all cells ask with the same list, so it is one
   * request. A single value shown alone (a show page) asks for itself.
   */
  pageIds?: number[];
}

/**
 * A reference shown by the referenced record's label. Each cell subscribes to the same
 * `useMany(pageIds)` query, which react-query runs once per page and resource.
 */
export function ReferenceCell({ field, value, pageIds = typeof value === "number" ? [value] : [] }: ReferenceCellProps) {
  const resource = field.reference ?? "";
  // A role may read a record that points at what it may not read (a product's category): the
  // label is not asked for, the id is shown.
  const ability = useAbility();
  const readable = isResourceName(resource) && canDo(ability, "read", resource);
  const { result } = useMany({
    resource,
    ids: pageIds,
    queryOptions: { enabled: pageIds.length > 0 && readable },
    errorNotification: false,
  });
  if (value === null || value === undefined) return <FieldValue field={field} value={value} />;
  if (!readable) return <>#{String(value)}</>;
  const record = result.data.find((r) => String(r.id) === String(value));
  const labelField = resource ? getEntity(resource).recordLabel : "id";
  const label = record ? String(record[labelField] ?? `#${String(value)}`) : undefined;
  return <FieldValue field={field} value={value} referenceLabel={label} />;
}

/** The distinct, sorted ids of a reference column on this page (a stable query key). */
export function idsOf(rows: readonly Record<string, unknown>[] | undefined, name: string): number[] {
  const ids = new Set<number>();
  for (const row of rows ?? []) {
    const v = row[name];
    if (typeof v === "number") ids.add(v);
  }
  return [...ids].sort((a, b) => a - b);
}
