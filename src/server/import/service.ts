/**
 * A spreadsheet's rows written as records: each row through the same pipeline as a POST or a
 * PATCH of one record (createIn / updateIn: the importer's rules, validation, references,
 * uniqueness, audit), all rows in one transaction. A dry run goes down the same path with its
 * writes held back, so its report is what a real import would do.
 *
 * What makes 10,000 rows cheap is reading in batches, not checking less: the records the file
 * names (by id or unique key), the records its references name and the unique values it
 * holds are read once per field before the rows run, and the rows' own reads are answered from
 * those (BatchTx); a real import then costs an insert or update and its audit event per row.
 */
import { randomUUID } from "node:crypto";
import { getEntity, type ResourceName } from "../../domain/entities";
import { AppError, type FieldErrors } from "../../domain/errors";
import type { EntityDef } from "../../domain/fields";
import { canDo, readableFields } from "../../domain/policy";
import type { Changes } from "../audit";
import type { RequestContext } from "../context";
import type { Row } from "../db-shape";
import { createIn, refusal, updateIn, type Written } from "../resources";
import type { AuditRecord, Storage, Tx } from "../storage/types";
import { cellValue, REFERENCE_LOOKUP, UNIQUE_KEY } from "./cells";
import { matchColumns, type ColumnMatch } from "./columns";
import type { Sheet } from "./read-sheet";

export interface ImportOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  /** The importer's choice of field per column (null: ignore it); else matched from the headers. */
  columns?: (string | null)[];
}

export type RowAction = "create" | "update" | "unchanged" | "error";

export interface ImportRow {
  row: number;
  action: RowAction;
  id?: number;
  errors?: FieldErrors;
  changes?: Changes;
}

export interface ImportReport extends ColumnMatch {
  importId: string;
  dryRun: boolean;
  counts: Record<RowAction, number>;
  rows: ImportRow[];
}

/** A row of the file as values for the pipeline, or what is wrong with its cells. */
interface Planned {
  row: number;
  id?: number;
  body: Record<string, unknown>;
  errors: FieldErrors;
  /** Reference fields given by label, to resolve in a batch. */
  labels: Record<string, string>;
  /** The record it updates (by id or unique key), or none: it creates one. */
  target?: number;
}

const add = (errors: FieldErrors, field: string, text: string) => (errors[field] ??= []).push(text);

/** Cells → values per field, each row on its own; nothing is read from the store. */
function planRows(def: EntityDef, sheet: Sheet, match: ColumnMatch): Planned[] {
  return sheet.rows.map(({ row, cells }) => {
    const p: Planned = { row, body: {}, errors: {}, labels: {} };
    match.columns.forEach(({ field }, i) => {
      if (!field) return;
      const result = cellValue(def, field, cells[i] ?? "", sheet.separator);
      if ("empty" in result) return;
      if ("error" in result) add(p.errors, field, result.error);
      else if ("reference" in result) p.labels[field] = result.reference;
      else if (field === "id") p.id = result.value as number;
      else p.body[field] = result.value;
    });
    return p;
  });
}

/** The same record named twice in one file would be written twice: the later rows are refused. */
function refuseRepeats(resource: ResourceName, def: EntityDef, planned: Planned[]) {
  const key = UNIQUE_KEY[resource];
  const seenIds = new Map<number, number>();
  const seenKeys = new Map<string, number>();
  for (const p of planned) {
    if (p.id !== undefined) {
      const first = seenIds.get(p.id);
      if (first !== undefined) add(p.errors, "id", `The same record as row ${first}`);
      else seenIds.set(p.id, p.row);
    }
    const value = key ? p.body[key] : undefined;
    if (key && typeof value === "string") {
      const k = value.toLowerCase();
      const first = seenKeys.get(k);
      if (first !== undefined) add(p.errors, key, `The same ${def.fields[key].label.toLowerCase()} as row ${first}`);
      else seenKeys.set(k, p.row);
    }
  }
}

/**
 * References given by label → ids, one read per field and way of naming: by the target's key
 * (a staff member's email, a category's name), else by its label (a staff member's name), among
 * the records the importer may read. None, or several (two people of one name), is the row's error.
 */
async function resolveLabels(tx: Tx, ctx: RequestContext, def: EntityDef, planned: Planned[], cache: RowCache) {
  const fields = [...new Set(planned.flatMap((p) => Object.keys(p.labels)))];
  for (const field of fields) {
    const target = def.fields[field].reference as ResourceName;
    const targetDef = getEntity(target);
    const ways = [...new Set([REFERENCE_LOOKUP[target] ?? targetDef.recordLabel, targetDef.recordLabel])];
    const labels = [...new Set(planned.map((p) => p.labels[field]).filter((l): l is string => l !== undefined))];
    const found = ways.map(() => new Map<string, Row[]>());
    for (const [i, by] of ways.entries()) {
      for (const row of await tx.findByValues(target, by, labels)) {
        if (!canDo(ctx.ability, "read", target, row)) continue;
        cache.put(target, row);
        const k = String(row[by]).toLowerCase();
        found[i].set(k, [...(found[i].get(k) ?? []), row]);
      }
    }
    const what = targetDef.singular.toLowerCase();
    const named = ways.map((by) => (targetDef.fields[by]?.label ?? by).toLowerCase()).join(" or ");
    for (const p of planned) {
      const label = p.labels[field];
      if (label === undefined) continue;
      const rows = found.map((m) => m.get(label.toLowerCase()) ?? []).find((r) => r.length) ?? [];
      if (rows.length === 1) p.body[field] = rows[0].id;
      else if (!rows.length) add(p.errors, field, `No ${what} with the ${named} “${label}”`);
      else add(p.errors, field, `“${label}” names ${rows.length} ${targetDef.label.toLowerCase()}: give the id or ${ways[0]} instead`);
    }
  }
}

/**
 * Which record each row updates: its id, else its unique key's record; none: it creates one.
 * `holding` are the stored records whose unique values the file holds (read once, for both this
 * and the uniqueness checks).
 */
async function findTargets(tx: Tx, resource: ResourceName, planned: Planned[], cache: RowCache, holding: Row[]) {
  const ids = [...new Set(planned.flatMap((p) => (p.id !== undefined ? [p.id] : [])))];
  for (const row of await tx.findByValues(resource, "id", ids)) cache.put(resource, row);
  for (const p of planned) if (p.id !== undefined) p.target = p.id;
  const key = UNIQUE_KEY[resource];
  if (!key) return;
  const byKey = new Map(holding.filter((r) => r[key] !== undefined && r[key] !== null).map((r) => [String(r[key]).toLowerCase(), r]));
  for (const p of planned) if (p.id === undefined && typeof p.body[key] === "string") p.target = byKey.get((p.body[key] as string).toLowerCase())?.id;
}

/** Rows already read, by resource and id, so the pipeline's reads of them cost nothing. */
class RowCache {
  private readonly rows = new Map<string, Map<number, Row>>();
  put(resource: string, row: Row) {
    let m = this.rows.get(resource);
    if (!m) this.rows.set(resource, (m = new Map()));
    m.set(row.id, row);
  }
  get(resource: string, id: number) {
    return this.rows.get(resource)?.get(id);
  }
  has(resource: string, id: number) {
    return this.rows.get(resource)?.has(id) ?? false;
  }
}

/**
 * The unique values of the imported resource that can meet the file's: those of the records it
 * names and those equal to a value in the file. Kept current as the rows are written, so a
 * uniqueness check is a lookup.
 */
class UniqueIndex {
  private readonly byField = new Map<string, Map<string, Set<number>>>();
  constructor(readonly fields: string[]) {
    for (const f of fields) this.byField.set(f, new Map());
  }
  add(row: Row) {
    for (const [f, m] of this.byField) {
      const v = row[f];
      if (v === undefined || v === null) continue;
      const k = String(v).toLowerCase();
      m.set(k, (m.get(k) ?? new Set()).add(row.id));
    }
  }
  remove(row: Row) {
    for (const [f, m] of this.byField) {
      const v = row[f];
      if (v !== undefined && v !== null) m.get(String(v).toLowerCase())?.delete(row.id);
    }
  }
  /** undefined: this field is not indexed here; ask the store. */
  isTaken(field: string, value: string, exceptId: number | null): boolean | undefined {
    const m = this.byField.get(field);
    if (!m) return undefined;
    return [...(m.get(value.toLowerCase()) ?? [])].some((id) => id !== exceptId);
  }
}

/**
 * The transaction as the rows see it: reads of what was read in batches come from memory, and
 * in a dry run the writes are only counted (new records get ids no record has).
 */
/** What a real pass holds back until its rows are done, to write in a few statements. */
interface Pending {
  audits: AuditRecord[];
  creates: Row[];
  /** Ids reserved for the creates, taken in order. */
  ids: number[];
}

function batchTx(tx: Tx, resource: ResourceName, cache: RowCache, unique: UniqueIndex, locked: Set<number>, dryRun: boolean, pending: Pending): Tx {
  let fakeId = 0;
  const overrides: Partial<Tx> = {
    get: async (r, id) => cache.get(r, id) ?? tx.get(r, id),
    lock: async (r, id) => (r === resource && (dryRun || locked.has(id)) ? (cache.get(r, id) ?? (dryRun ? tx.get(r, id) : tx.lock(r, id))) : tx.lock(r, id)),
    isTaken: async (r, field, value, exceptId) =>
      (r === resource ? unique.isTaken(field, value, exceptId) : undefined) ?? tx.isTaken(r, field, value, exceptId),
    insert: async (r, record) => {
      let stored: Row;
      if (dryRun) stored = { ...record, id: --fakeId } as Row;
      else if (r === resource && record.id === undefined) {
        // The imported resource's new records go in together when the rows are done.
        if (!pending.ids.length) pending.ids.push(...(await tx.reserveIds(r, 500)));
        stored = { ...record, id: pending.ids.shift()! } as Row;
        pending.creates.push(stored);
      } else stored = await tx.insert(r, record);
      if (r === resource) {
        unique.add(stored);
        cache.put(r, stored);
      }
      return stored;
    },
    update: async (r, record, expected) => {
      if (r === resource) {
        const before = cache.get(r, record.id);
        if (before) unique.remove(before);
        unique.add(record);
        cache.put(r, record);
      }
      return dryRun ? true : tx.update(r, record, expected);
    },
    // Written together when the rows are done (auditMany), in the same transaction.
    audit: async (event) => {
      if (!dryRun) pending.audits.push(event);
      return { id: 0, ...event } as unknown as Row;
    },
  };
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (Object.prototype.hasOwnProperty.call(overrides, prop)) return overrides[prop as keyof Tx];
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** One pass over the rows in one transaction: every row through the pipeline, writes held back when `dryRun`. */
async function pass(tx: Tx, ctx: RequestContext, resource: ResourceName, base: Planned[], dryRun: boolean, importId: string): Promise<ImportRow[]> {
  const def = getEntity(resource);
  const planned = base.map((p) => ({ ...p, body: { ...p.body }, errors: { ...p.errors } }));
  const cache = new RowCache();
  await resolveLabels(tx, ctx, def, planned, cache);
  const uniqueFields = Object.entries(def.fields)
    .filter(([, f]) => f.unique)
    .map(([name]) => name);
  const unique = new UniqueIndex(uniqueFields);
  const holding: Row[] = [];
  for (const f of uniqueFields) {
    const values = [...new Set(planned.flatMap((p) => (typeof p.body[f] === "string" ? [p.body[f] as string] : [])))];
    for (const row of await tx.findByValues(resource, f, values)) {
      cache.put(resource, row);
      unique.add(row);
      holding.push(row);
    }
  }
  await findTargets(tx, resource, planned, cache, holding);
  const targets = [...new Set(planned.flatMap((p) => (p.target !== undefined && !Object.keys(p.errors).length ? [p.target] : [])))].sort((a, b) => a - b);
  for (const id of targets) {
    const row = cache.get(resource, id);
    if (row) unique.add(row);
  }
  // A real import holds the rows it updates from the start, in id order, as one read.
  const locked = new Set<number>();
  if (!dryRun && targets.length)
    for (const row of await tx.lockMany(resource, targets)) {
      cache.put(resource, row);
      locked.add(row.id);
    }
  const pending: Pending = { audits: [], creates: [], ids: [] };
  // As many ids as the rows may create, in one read (more are taken if the guess falls short).
  if (!dryRun) pending.ids = await tx.reserveIds(resource, planned.filter((p) => p.target === undefined && !Object.keys(p.errors).length).length);
  const btx = batchTx(tx, resource, cache, unique, locked, dryRun, pending);
  const readable = new Set(readableFields(ctx.ability, resource));
  const shown = (changes: Changes) => Object.fromEntries(Object.entries(changes).filter(([f]) => readable.has(f)));

  const out: ImportRow[] = [];
  for (const p of planned) {
    if (Object.keys(p.errors).length) {
      out.push({ row: p.row, action: "error", ...(p.target !== undefined ? { id: p.target } : {}), errors: p.errors });
      continue;
    }
    try {
      let written: Written;
      if (p.target === undefined) written = await createIn(btx, ctx, resource, p.body, { importId });
      else written = await updateIn(btx, ctx, resource, p.target, p.body, { anyVersion: true, importId });
      const action: RowAction = !written.before ? "create" : Object.keys(written.changes).length ? "update" : "unchanged";
      const id = action === "create" && dryRun ? undefined : written.record.id;
      out.push({ row: p.row, action, ...(id !== undefined ? { id } : {}), ...(action !== "unchanged" ? { changes: shown(written.changes) } : {}) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const { errors, message } = refusal(err);
      out.push({
        row: p.row,
        action: "error",
        ...(p.target !== undefined ? { id: p.target } : {}),
        errors: errors ?? { [err.code === "NOT_FOUND" && p.id !== undefined ? "id" : "row"]: [message] },
      });
    }
  }
  await tx.insertMany(resource, pending.creates);
  await tx.auditMany(pending.audits);
  return out;
}

/** Thrown out of a transaction to undo it: a real import whose rows were not all good. */
class Rollback extends Error {
  constructor(readonly rows: ImportRow[]) {
    super("rollback");
  }
}

export async function runImport(storage: Storage, ctx: RequestContext, resource: ResourceName, sheet: Sheet, opts: ImportOptions): Promise<ImportReport> {
  const def = getEntity(resource);
  const match = matchColumns(def, sheet.headers, opts.columns);
  if (!match.columns.some((c) => c.field && c.field !== "id")) {
    const text = `No column names a field of ${def.label.toLowerCase()}: check the header row (a field's name or label)`;
    throw new AppError("VALIDATION_FAILED", text, { file: [text] }, match as unknown as Record<string, unknown>);
  }
  const planned = planRows(def, sheet, match);
  refuseRepeats(resource, def, planned);
  const importId = `imp-${randomUUID()}`;
  const report = (rows: ImportRow[], dryRun: boolean): ImportReport => {
    const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
    for (const r of rows) counts[r.action]++;
    return { importId, dryRun, counts, ...match, rows };
  };

  if (opts.dryRun) return report(await storage.transaction((tx) => pass(tx, ctx, resource, planned, true, importId)), true);
  // A row whose cells are already wrong fails the whole import before anything is tried.
  if (!opts.skipInvalid && planned.some((p) => Object.keys(p.errors).length))
    throw invalid(report(await storage.transaction((tx) => pass(tx, ctx, resource, planned, true, importId)), false));
  try {
    const rows = await storage.transaction(async (tx) => {
      const done = await pass(tx, ctx, resource, planned, false, importId);
      // All or nothing: a row the pipeline refused undoes every row written before it.
      if (!opts.skipInvalid && done.some((r) => r.action === "error")) throw new Rollback(done);
      return done;
    });
    return report(rows, false);
  } catch (err) {
    if (err instanceof Rollback) throw invalid(report(err.rows, false));
    throw err;
  }
}

function invalid(report: ImportReport) {
  const n = report.counts.error;
  return new AppError(
    "VALIDATION_FAILED",
    `${n} ${n === 1 ? "row is" : "rows are"} not valid: nothing was imported. Fix them, or import with skipInvalid to leave them out.`,
    undefined,
    report as unknown as Record<string, unknown>,
  );
}
