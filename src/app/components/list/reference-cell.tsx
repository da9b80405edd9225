import { useMany, type BaseRecord } from "@refinedev/core";
import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { getEntity, isResourceName } from "../../../domain/entities";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import type { EntityDef, FieldDef } from "../../../domain/fields";
import { FieldValue } from "../fields/field-value";
import { idsOf, showTablePage } from "../../providers/page-references";

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
  return <Reference field={field} value={value} found={useReferenced(field.reference ?? "", pageIds)} />;
}

/** Whether the role may read the records of `resource` a reference points at (else the ids are shown). */
const mayLookUp = (ability: ReturnType<typeof useAbility>, resource: string) => isResourceName(resource) && canDo(ability, "read", resource);

/** What a page's referenced records say, once looked up: null where the role may not read them. */
export type Referenced = readonly BaseRecord[] | null;

/**
 * The records of `resource` with these ids. A role may read a record that points at what it may
 * not read (a product's category): those are not asked for, and the ids are shown.
 */
export function useReferenced(resource: string, ids: number[]): Referenced {
  const readable = mayLookUp(useAbility(), resource);
  const { result } = useMany({
    resource,
    ids,
    queryOptions: { enabled: ids.length > 0 && readable },
    errorNotification: false,
  });
  return readable ? result.data : null;
}

function Reference({ field, value, found }: { field: FieldDef; value: unknown; found: Referenced }) {
  if (value === null || value === undefined) return <FieldValue field={field} value={value} />;
  if (!found) return <>#{String(value)}</>;
  const record = found.find((r) => String(r.id) === String(value));
  const labelField = field.reference ? getEntity(field.reference).recordLabel : "id";
  const label = record ? String(record[labelField] ?? `#${String(value)}`) : undefined;
  return <FieldValue field={field} value={value} referenceLabel={label} />;
}

/** One look-up of a table page: the records of `resource` its rows name, under `key`. */
export interface PageLookup {
  key: string;
  resource: string;
  ids: number[];
}

/** A table page's referenced records, by look-up. */
const PageLookupsContext = createContext<ReadonlyMap<string, Referenced>>(new Map());

/**
 * A table page's references, looked up once per column (`useMany` of the page's ids) rather than
 * once per cell: a cell of Refine's data hook costs its resource lookup, error and live wiring
 * each time, and a 20-row page of orders had 40 of them to build and tear down on every page
 * change. The caller keeps the list of look-ups the same from render to render (an empty `ids`
 * asks for nothing), so the tree under it keeps its shape.
 */
export function PageLookups({ lookups, children }: { lookups: readonly PageLookup[]; children: ReactNode }) {
  return lookups.reduceRight<ReactNode>(
    (inner, { key, resource, ids }) => (
      <Lookup key={key} name={key} resource={resource} ids={ids}>
        {inner}
      </Lookup>
    ),
    children,
  );
}

function Lookup({ name, resource, ids, children }: { name: string; resource: string; ids: number[]; children: ReactNode }) {
  const outer = useContext(PageLookupsContext);
  const found = useReferenced(resource, ids);
  const all = useMemo(() => new Map(outer).set(name, found), [outer, name, found]);
  return <PageLookupsContext.Provider value={all}>{children}</PageLookupsContext.Provider>;
}

/** What the page's look-up `key` found; undefined outside a `PageLookups` that has it. */
export function usePageLookup(key: string): Referenced | undefined {
  const page = useContext(PageLookupsContext);
  return page.has(key) ? (page.get(key) ?? null) : undefined;
}

/**
 * The reference columns of `def` a table page may show, each looked up once for the page: every
 * one that can be a column, so the tree keeps its shape while the person picks columns; those not
 * `shown` ask for nothing. The look-ups it makes are on record while it is on screen, so the next
 * page's rows come with their names (providers/page-references.ts).
 */
export function PageReferences({
  def,
  shown,
  rows,
  children,
}: {
  def: EntityDef;
  shown: readonly string[];
  rows: readonly BaseRecord[] | undefined;
  children: ReactNode;
}) {
  const ability = useAbility();
  const lookups = Object.entries(def.fields)
    .filter(([, f]) => f.type === "reference" && f.column)
    .map(([name, f]) => ({ key: name, resource: f.reference ?? "", ids: shown.includes(name) ? idsOf(rows, name) : [] }));
  const asked = lookups.filter(({ key, resource }) => shown.includes(key) && mayLookUp(ability, resource));
  const signature = JSON.stringify([def.name, asked, !!rows?.length]);
  useEffect(
    () =>
      showTablePage(def.name, {
        lookups: asked.map(({ key, resource }) => ({ field: key, resource })),
        idsNow: new Map(asked.map(({ key, ids }) => [key, ids])),
        hasRows: !!rows?.length,
      }),
    // What it records is all in the signature.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [signature],
  );
  return <PageLookups lookups={lookups}>{children}</PageLookups>;
}

/** A reference in a table column under `PageReferences`; outside one it looks itself up. */
export function ReferenceColumnCell({ name, field, value }: { name: string; field: FieldDef; value: unknown }) {
  const found = usePageLookup(name);
  return found !== undefined ? <Reference field={field} value={value} found={found} /> : <ReferenceCell field={field} value={value} />;
}
