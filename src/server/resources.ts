/**
 * The generic resource calls of `@refinedev/simple-rest`, one pipeline for every entity:
 * guard (policy) → validation (definition) → references → version → uniqueness → the
 * resource's business rules → one store write with its audit event → a response stripped to
 * what the reader may see.
 */
import type { Request, Response } from "express";
import { z } from "zod";
import { BULK_EDIT_MAX_IDS } from "../domain/constants";
import { allFields, getEntity, isResourceName, type ResourceName } from "../domain/entities";
import { AppError, type FieldErrors } from "../domain/errors";
import { message } from "../domain/messages";
import type { EntityDef } from "../domain/fields";
import { canDo, readableFields, stripRecord, type AppAbility } from "../domain/policy";
import { validateWrite } from "../domain/schema";
import { appendAudit, diff, nameOwnEvents, type Changes } from "./audit";
import type { Row } from "./db-shape";
import { newFieldErrors } from "./errors";
import {
  checkBodyFields,
  checkFieldTransitions,
  fillForced,
  requireAction,
  requireBody,
  requireCreateAllowed,
  requireOnRow,
  requireReadable,
  requireVersion,
  requireWritableOnSomeRow,
} from "./guard";
import { parseBody } from "./body-schema";
import { parseListQuery } from "./query";
import { checkReferences } from "./references";
import { rulesFor, type WriteState } from "./rules";
import { rowScope } from "./scope";
import type { Reader, Storage, Tx } from "./storage/types";
import type { RequestContext } from "./context";

const rawQuery = (req: Request) => {
  const i = req.originalUrl.indexOf("?");
  return i < 0 ? "" : req.originalUrl.slice(i + 1);
};

async function checkUnique(
  reader: Reader,
  resource: ResourceName,
  def: EntityDef,
  values: Record<string, unknown>,
  selfId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const v = values[name];
    if (!f.unique || v === undefined || v === null) continue;
    if (await reader.isTaken(resource, name, String(v), selfId)) errors[name] = [message("taken", { what: f.label.toLowerCase() })];
  }
  return errors;
}

function failValidation(errors: FieldErrors) {
  if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", errors);
}

function failDuplicates(duplicates: FieldErrors) {
  if (Object.keys(duplicates).length) throw new AppError("DUPLICATE", "Already taken", duplicates);
}

/**
 * The generic resource calls, each a function of the caller's context and its input: the REST
 * routes below and the GraphQL resolvers (src/server/graphql) both call these, so no rule,
 * check or write path exists twice.
 */
export function resourceService(storage: Storage) {
  /** A page of rows and the total, from a list query in simple-rest's dialect (GraphQL's arguments are translated into it). */
  async function listRecords(ctx: RequestContext, resource: ResourceName, query: string) {
    const def = getEntity(resource);
    const { ability } = ctx;
    requireAction(ability, "read", resource, def);
    const plan = parseListQuery(def, readableFields(ability, resource), query, { referenceTarget: (target) => labelTarget(ability, target) });
    const { rows, total } = await storage.list(resource, plan, rowScope(ability, resource));
    return { rows: rows.map((row) => stripRecord(ability, resource, row)), total };
  }

  /** Where q looks for a searched reference: the records of `target` the reader may see, by a label they may read. */
  function labelTarget(ability: AppAbility, target: string) {
    if (!isResourceName(target) || !canDo(ability, "read", target)) return null;
    const labelField = getEntity(target).recordLabel;
    if (!readableFields(ability, target).includes(labelField)) return null;
    return { resource: target, labelField, scope: rowScope(ability, target) };
  }

  async function oneRecord(ctx: RequestContext, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    const { ability } = ctx;
    requireAction(ability, "read", resource, def);
    const row = requireReadable(ability, resource, def, await storage.get(resource, id));
    return stripRecord(ability, resource, row);
  }

  async function createRecord(ctx: RequestContext, resource: ResourceName, rawBody: unknown) {
    const def = getEntity(resource);
    const rules = rulesFor(resource);
    const { ability } = ctx;
    requireAction(ability, "create", resource, def);
    const body = requireBody(rawBody);
    // Refusals that need no hashing come first; all of it again in the transaction.
    checkBodyFields(ability, resource, def, body, "create", null, rules.managedParts?.(body) ?? []);
    const prepared = (await rules.prepare?.(body)) ?? {};
    const { record } = await storage.transaction((tx) => createIn(tx, ctx, resource, body, { prepared }));
    return stripRecord(ability, resource, record);
  }

  /**
   * "Edit selected": the same change to many records, each through every check of its own PATCH
   * and in its own transaction, so one refusal stops nothing else and each row says how it went.
   * What is wrong for every row alike (the ids, an unknown or server-managed field, a field the
   * role may never write) is refused before anything is written.
   */
  async function updateMany(ctx: RequestContext, resource: ResourceName, rawBody: unknown): Promise<BulkResult[]> {
    const def = getEntity(resource);
    const { ability } = ctx;
    requireAction(ability, "update", resource, def);
    const { ids, changes } = parseBody(bulkEditSchema, rawBody);
    const fields = allFields(def);
    const unknown = Object.keys(changes).filter((k) => !Object.prototype.hasOwnProperty.call(fields, k));
    if (unknown.length) failValidation(Object.fromEntries(unknown.map((k) => [k, [message("unknownField")]])));
    // Refusals that hold for every row: nothing is tried when one of them applies.
    requireWritableOnSomeRow(ability, resource, def, Object.keys(changes), rulesFor(resource).managedParts?.(changes) ?? []);
    const results: BulkResult[] = [];
    for (const id of ids) {
      try {
        const record = await updateRecord(ctx, resource, id, { ...changes }, { anyVersion: true });
        results.push({ id, status: 200, record: stripRecord(ability, resource, record) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, status: err.status, ...refusal(err) });
      }
    }
    return results;
  }

  /**
   * One record changed by a body of fields and the version it was read at, through every check
   * of a PATCH, in a transaction of its own.
   */
  async function updateRecord(ctx: RequestContext, resource: ResourceName, id: number, body: Record<string, unknown>, opts: WriteOptions = {}): Promise<Row> {
    const rules = rulesFor(resource);
    // Refusals that need no hashing come first; all of it again, locked, in the transaction.
    await guardUpdate(storage, undefined, ctx, resource, id, body);
    const prepared = (await rules.prepare?.(body)) ?? {};
    const { record } = await storage.transaction((tx) => updateIn(tx, ctx, resource, id, body, { ...opts, prepared }));
    return record;
  }

  async function removeRecord(ctx: RequestContext, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    const rules = rulesFor(resource);
    const { ability } = ctx;
    requireAction(ability, "delete", resource, def);
    const row = await storage.transaction(async (tx) => {
      const row = requireReadable(ability, resource, def, await tx.lock(resource, id));
      await rules.invariant?.("delete", row, {}, tx, tx);
      requireOnRow(ability, "delete", resource, def, row);
      const counts = await tx.countReferrers(resource, id);
      if (Object.keys(counts).length) throw referenced(def, counts);
      const now = new Date();
      await rules.afterDelete?.(ctx, tx, row);
      await tx.remove(resource, id);
      await appendAudit(tx, ctx, { action: "delete", resource, recordId: row.id, changes: diff(def, row, null) }, now);
      return row;
    });
    return stripRecord(ability, resource, row);
  }

  return { listRecords, oneRecord, createRecord, updateMany, updateRecord, removeRecord };
}

export type ResourceService = ReturnType<typeof resourceService>;

/** The REST routes of the generic resource calls, over the service above. */
export function resourceRoutes(storage: Storage, service: ResourceService = resourceService(storage)) {
  async function list(req: Request, res: Response, resource: ResourceName) {
    const { rows, total } = await service.listRecords(req.ctx, resource, rawQuery(req));
    res.setHeader("X-Total-Count", String(total));
    res.setHeader("Access-Control-Expose-Headers", "X-Total-Count");
    res.json(rows);
  }

  async function one(req: Request, res: Response, resource: ResourceName, id: number) {
    res.json(await service.oneRecord(req.ctx, resource, id));
  }

  /**
   * Who points at this record, counted (what a delete would be refused for), so a delete's confirm
   * can say so before anything is sent; a resource's own refusal (a role's members) counts too.
   */
  async function referrers(req: Request, res: Response, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    const { ability } = req.ctx;
    requireAction(ability, "read", resource, def);
    const row = requireReadable(ability, resource, def, await storage.get(resource, id));
    const counts = await storage.countReferrers(resource, id);
    try {
      await rulesFor(resource).invariant?.("delete", row, {}, storage);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const more = err.code === "REFERENCED" ? (err.toBody() as { counts?: Record<string, number> }).counts : undefined;
      Object.assign(counts, more ?? {});
    }
    res.json({ counts });
  }

  async function create(req: Request, res: Response, resource: ResourceName) {
    const record = await service.createRecord(req.ctx, resource, req.body);
    if (typeof record.id === "number") nameOwnEvents(res, req.ctx, resource, record.id);
    res.status(201).json(record);
  }

  async function update(req: Request, res: Response, resource: ResourceName, id: number) {
    const record = await service.updateRecord(req.ctx, resource, id, requireBody(req.body));
    nameOwnEvents(res, req.ctx, resource, id);
    res.json(stripRecord(req.ctx.ability, resource, record));
  }

  async function updateMany(req: Request, res: Response, resource: ResourceName) {
    res.json({ results: await service.updateMany(req.ctx, resource, req.body) });
  }

  async function remove(req: Request, res: Response, resource: ResourceName, id: number) {
    const record = await service.removeRecord(req.ctx, resource, id);
    nameOwnEvents(res, req.ctx, resource, id);
    res.json(record);
  }

  return { list, one, referrers, create, update, updateMany, remove };
}

/** How a write goes, beyond its body. */
export interface WriteOptions {
  /** What the resource's `prepare` computed before the transaction (a password hash). */
  prepared?: Record<string, unknown>;
  /** The audit event a "restore this version" went back to. */
  revertOf?: number;
  /** Change only the fields sent, over whatever version is stored (edit selected, an import). */
  anyVersion?: boolean;
  /** The spreadsheet import this write is a row of. */
  importId?: string;
}

/** A write done: the record as stored, and what changed (nothing: an update that changed nothing). */
export interface Written {
  record: Row;
  before: Row | null;
  changes: Changes;
}

/**
 * A new record through every check of a POST, inside the caller's transaction: policy, fields,
 * validation, references, uniqueness, the resource's rules; then one insert and its audit event.
 * Throws AppError before writing anything.
 */
export async function createIn(tx: Tx, ctx: RequestContext, resource: ResourceName, body: Record<string, unknown>, opts: WriteOptions = {}): Promise<Written> {
  const def = getEntity(resource);
  const rules = rulesFor(resource);
  const { ability } = ctx;
  requireAction(ability, "create", resource, def);
  const { unknown } = checkBodyFields(ability, resource, def, body, "create", null, rules.managedParts?.(body) ?? []);
  const validated = validateWrite(def, fillForced(ability, resource, body), "create");
  const values = validated.data;
  const errors = newFieldErrors(validated.errors);
  for (const k of unknown) errors[k] = [message("unknownField")];
  // All field errors at once: a form learns of a wrong customer and of missing items together.
  failValidation({ ...(await checkReferences(tx, ability, def, values)), ...errors });
  failDuplicates(await checkUnique(tx, resource, def, values, null));

  const now = new Date();
  const at = now.toISOString();
  const draft: Row = { id: 0, ...dropNulls(values), ...creatorFields(def, ctx), createdAt: at, updatedAt: at, version: 1 };
  requireCreateAllowed(ability, resource, def, draft);
  const w: WriteState = { ctx, tx, def, resource, body, values, before: null, record: draft, prepared: { ...opts.prepared }, now, extraChanges: {} };
  await rules.beforeWrite?.(w);
  const { id: _unset, ...fields } = w.record;
  const stored = await tx.insert(resource, fields);
  w.record = stored;
  await rules.afterWrite?.(w);
  const changes = { ...diff(def, null, stored), ...w.extraChanges };
  await appendAudit(tx, ctx, { action: "create", resource, recordId: stored.id, changes, importId: opts.importId }, now);
  return { record: stored, before: null, changes };
}

/**
 * What may be refused of an update before its transaction (reading) and again in it (locked):
 * the row is there and readable, its invariants hold, the actor may change it and these fields.
 */
async function guardUpdate(reader: Reader, tx: Tx | undefined, ctx: RequestContext, resource: ResourceName, id: number, body: Record<string, unknown>) {
  const def = getEntity(resource);
  const rules = rulesFor(resource);
  const { ability } = ctx;
  requireAction(ability, "update", resource, def);
  const row = requireReadable(ability, resource, def, tx ? await tx.lock(resource, id) : await reader.get(resource, id));
  await rules.invariant?.("update", row, body, reader, tx);
  requireOnRow(ability, "update", resource, def, row);
  const check = checkBodyFields(ability, resource, def, body, "update", row, rules.managedParts?.(body) ?? []);
  return { row, ...check };
}

/**
 * A record changed through every check of a PATCH, inside the caller's transaction (the row
 * locked): its version must be the one sent unless `anyVersion`. An update that changes nothing
 * writes nothing and answers the record as it was.
 */
export async function updateIn(
  tx: Tx,
  ctx: RequestContext,
  resource: ResourceName,
  id: number,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<Written> {
  const { revertOf, anyVersion } = opts;
  const def = getEntity(resource);
  const rules = rulesFor(resource);
  const { ability } = ctx;
  const { row: before, unknown } = await guardUpdate(tx, tx, ctx, resource, id, body);
  const validated = validateWrite(def, body, "update");
  const values = validated.data;
  const errors = newFieldErrors(validated.errors);
  for (const k of unknown) errors[k] = [message("unknownField")];
  if (anyVersion) {
    if (body.version !== undefined) errors.version = ["Set by the server"];
  } else if (body.version === undefined) errors.version = ["Required: the version you edited"];
  else if (!Number.isSafeInteger(body.version) || (body.version as number) < 1) errors.version = ["Must be a whole number"];
  failValidation({ ...(await checkReferences(tx, ability, def, values, before)), ...errors });
  if (!anyVersion) requireVersion(ability, resource, def, body.version, before);
  failDuplicates(await checkUnique(tx, resource, def, changedOnly(values, before), before.id));

  const now = new Date();
  const next: Row = { ...before };
  for (const [k, v] of Object.entries(values)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  const w: WriteState = { ctx, tx, def, resource, body, values, before, record: next, prepared: { ...opts.prepared }, now, extraChanges: {} };
  checkFieldTransitions(def, before, values);
  await rules.beforeWrite?.(w);
  // The result must still be a row the actor may change (no editing a row out of one's reach).
  requireOnRow(ability, "update", resource, def, next);
  const changes = { ...diff(def, before, next), ...w.extraChanges };
  if (!Object.keys(changes).length) return { record: before, before, changes };
  next.updatedAt = now.toISOString();
  next.version = before.version + 1;
  // The row is locked, so this holds; the version in the WHERE is the backstop if it were not.
  if (!(await tx.update(resource, next, before.version)))
    requireVersion(ability, resource, def, anyVersion ? before.version : body.version, (await tx.get(resource, id)) ?? before);
  await rules.afterWrite?.(w);
  await appendAudit(tx, ctx, { action: "update", resource, recordId: next.id, changes, revertOf, importId: opts.importId }, now);
  return { record: next, before, changes };
}

/** An AppError as one row's outcome in a bulk answer (its code, message, field errors and detail). */
export function refusal(err: AppError): { code: string; message: string; errors?: FieldErrors } & Record<string, unknown> {
  const { code: _code, message: _message, errors, ...extra } = err.toBody();
  return { code: err.code, message: err.message, ...(errors ? { errors } : {}), ...extra };
}

/** REFUSED: who points at it, counted, so the operator knows what to change first. */
export function referenced(def: EntityDef, counts: Record<string, number>) {
  const named = Object.entries(counts)
    .map(([r, n]) => `${n} ${n === 1 ? getEntity(r).singular.toLowerCase() : getEntity(r).label.toLowerCase()}`)
    .join(" and ");
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return new AppError(
    "REFERENCED",
    `This ${def.singular.toLowerCase()} cannot be deleted: ${named} ${total === 1 ? "points" : "point"} at it. Nothing was deleted.`,
    undefined,
    { counts },
  );
}

export interface BulkResult {
  id: number;
  /** The HTTP status this row's own PATCH would have answered. */
  status: number;
  code?: string;
  message?: string;
  errors?: FieldErrors;
  record?: Record<string, unknown>;
}

export const bulkEditSchema = z
  .object({
    ids: z
      .array(z.number().int("Must be whole numbers").positive("Must be positive ids").max(Number.MAX_SAFE_INTEGER), "Must be a list of record ids")
      .min(1, "Select at least one record")
      .max(BULK_EDIT_MAX_IDS, `At most ${BULK_EDIT_MAX_IDS} records at once`)
      .refine((ids) => new Set(ids).size === ids.length, "Each record only once"),
    changes: z
      .record(z.string(), z.unknown(), "Must be an object of fields and their new values")
      .refine((c) => Object.keys(c).length > 0, "Name at least one field to change"),
  })
  .strict();

/** The fields a record's creator is written into (a saved view's owner). */
const creatorFields = (def: EntityDef, ctx: RequestContext) =>
  Object.fromEntries(Object.entries(def.fields).flatMap(([name, f]) => (f.creator && ctx.actor ? [[name, ctx.actor.id]] : [])));

const dropNulls = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));

const changedOnly = (values: Record<string, unknown>, before: Row) =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => typeof v !== "string" || String(before[k] ?? "").toLowerCase() !== v.toLowerCase()));
