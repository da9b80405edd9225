/**
 * Nothing is lost. The audit log already holds every record's values at its deletion (a delete
 * event's `changes` are each field's `from`) and every change since its creation, so the trash
 * and the revisions are read from it, on either store, and the log stays append-only:
 * - the trash: records whose latest delete, restore or purge event is a delete, younger than the
 *   retention, that the reader could read as they were (row and field rules);
 * - restore: the record back under its id with its values at deletion (hidden fields too, from the
 *   server's copy), a new version, audited as `restore`;
 * - revert: a record's writable fields set back to their values just after one of its events,
 *   through the same checks as any edit, audited as an update naming that event;
 * - purge (admins): a trashed record is no longer offered; its events stay.
 */
import type { Request, Response } from "express";
import type { RequestContext } from "./context";
import { TRASH_RETENTION_DAYS, MAX_PAGE_ROWS, DEFAULT_PAGE_SIZE } from "../domain/constants";
import { allFields, ENTITIES, getEntity, isResourceName, type ResourceName } from "../domain/entities";
import { AppError, type FieldErrors } from "../domain/errors";
import type { EntityDef } from "../domain/fields";
import { message } from "../domain/messages";
import { canDo, readableFields, stripRecord } from "../domain/policy";
import { ADMIN_ROLE } from "../domain/roles/rules";
import { writableLines } from "../domain/order-lines";
import { appendAudit, diff, nameOwnEvents, type Changes } from "./audit";
import { parseBody } from "./body-schema";
import type { Row } from "./db-shape";
import { requireAction } from "./guard";
import { checkReferences } from "./references";
import type { Reader, Storage } from "./storage/types";
import { z } from "zod";

const DAY_MS = 86_400_000;
const TRASH_ACTIONS = ["delete", "restore", "purge"] as const;
/** The events a record's values can be taken back to. */
const REVISION_ACTIONS = ["create", "update", "transition", "restore"];
const ALL_RECORD_ACTIONS = [...REVISION_ACTIONS, "delete", "purge"];

/** Resources a record can be deleted from (the audit log itself never is). */
const TRASHABLE = ENTITIES.filter((d) => !d.readOnly).map((d) => d.name as ResourceName);

const cutoff = (now: Date) => new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
const bad = (text: string) => new AppError("BAD_QUERY", text);

/** The record as its delete event saw it: each field's `from`. */
function valuesAtDeletion(event: Row): Row {
  const out: Record<string, unknown> = { id: event.recordId };
  for (const [field, change] of Object.entries((event.changes ?? {}) as Changes))
    if (change && change.from !== null && change.from !== undefined) out[field] = change.from;
  return out as Row;
}

const noSuch = (def: EntityDef) => new AppError("NOT_FOUND", `No deleted ${def.singular.toLowerCase()} with this id is in the trash`);

/**
 * The delete event a record is in the trash by, or null (restored, purged, too old, never
 * deleted), with the record's whole history, read once.
 */
async function trashedBy(reader: Reader, resource: ResourceName, id: number, now: Date): Promise<{ event: Row | null; history: Row[] }> {
  const history = await reader.history(resource, id, ALL_RECORD_ACTIONS);
  const last = history.at(-1);
  return { event: !last || last.action !== "delete" || String(last.at) < cutoff(now) ? null : last, history };
}

export const revertBody = z.strictObject({
  eventId: z
    .number({ error: message("notNumber") })
    .int({ error: message("notWhole") })
    .positive({ error: message("notWhole") }),
  version: z
    .number({ error: message("versionRequired") })
    .int({ error: message("notWhole") })
    .positive({ error: message("notWhole") }),
  // Only say what it would do: the values after that event, and which fields would change.
  dryRun: z.boolean({ error: message("notBoolean") }).optional(),
});

export interface UpdateRecord {
  (ctx: RequestContext, resource: ResourceName, id: number, body: Record<string, unknown>, opts?: { revertOf?: number }): Promise<Row>;
}

export function trashRoutes(storage: Storage, updateRecord: UpdateRecord) {
  async function list(req: Request, res: Response) {
    const { ability } = req.ctx;
    const query = new URLSearchParams(req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "");
    for (const key of new Set(query.keys())) {
      if (!["resource", "deletedBy", "_start", "_end"].includes(key)) throw bad(`Unknown query parameter: ${key}`);
      if (query.getAll(key).length > 1) throw bad(`${key} may appear only once`);
    }
    const wanted = query.get("resource");
    if (wanted !== null && (!isResourceName(wanted) || !TRASHABLE.includes(wanted))) throw bad(`No resource "${wanted}" has a trash`);
    const deletedBy = query.get("deletedBy");
    if (deletedBy !== null && !/^[1-9]\d{0,15}$/.test(deletedBy)) throw bad("deletedBy takes a staff member's id");
    const start = whole("_start", query.get("_start"), 0);
    const end = whole("_end", query.get("_end"), start + DEFAULT_PAGE_SIZE);
    if (end < start || end - start > MAX_PAGE_ROWS) throw bad(`A page holds at most ${MAX_PAGE_ROWS} rows`);

    const resources = (wanted ? [wanted as ResourceName] : TRASHABLE).filter((r) => canDo(ability, "read", r));
    const now = new Date();
    const events = resources.length ? await storage.eventsOf(resources, TRASH_ACTIONS, cutoff(now)) : [];
    const seen = new Set<string>();
    const items = [];
    for (const e of events) {
      const key = `${e.resource}/${e.recordId}`;
      if (seen.has(key)) continue; // newest first: the first event of a record is its latest
      seen.add(key);
      if (e.action !== "delete" || (deletedBy !== null && e.actorId !== Number(deletedBy))) continue;
      const resource = e.resource as ResourceName;
      const record = valuesAtDeletion(e);
      // Only what the reader could have read as it was: an agent sees their own deleted drafts.
      if (!canDo(ability, "read", resource, record)) continue;
      const def = getEntity(resource);
      const shown = stripRecord(ability, resource, record);
      items.push({
        resource,
        recordId: e.recordId,
        label: shown[def.recordLabel] !== undefined ? String(shown[def.recordLabel]) : `#${String(e.recordId)}`,
        deletedAt: e.at,
        deletedBy: e.actorName ?? null,
        deletedById: e.actorId ?? null,
        eventId: e.id,
        canRestore: canDo(ability, "create", resource, record),
        record: shown,
      });
    }
    res.setHeader("X-Total-Count", String(items.length));
    res.setHeader("Access-Control-Expose-Headers", "X-Total-Count");
    res.json(items.slice(start, end));
  }

  async function restore(req: Request, res: Response, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    const { ability } = req.ctx;
    requireAction(ability, "create", resource, def);
    const now = new Date();
    const restored = await storage.transaction(async (tx) => {
      const { event, history: all } = await trashedBy(tx, resource, id, now);
      if (!event || (await tx.get(resource, id))) throw noSuch(def);
      const values = valuesAtDeletion(event);
      if (!canDo(ability, "read", resource, values)) throw noSuch(def);
      if (!canDo(ability, "create", resource, values)) throw new AppError("FORBIDDEN", `You may not restore this ${def.singular.toLowerCase()}`);
      const fields = Object.fromEntries(Object.entries(values).filter(([k]) => k !== "id"));
      const errors = await checkReferences(tx, ability, def, fields);
      if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "What it pointed at is gone: check the highlighted fields", errors);
      const duplicates = await takenMeanwhile(tx, resource, def, fields);
      if (Object.keys(duplicates.errors).length)
        throw new AppError("DUPLICATE", "A value it held is taken by another record now", duplicates.errors, { holders: duplicates.holders });
      const history = all.filter((e) => REVISION_ACTIONS.includes(String(e.action)));
      const created = history.find((e) => e.action === "create");
      const record: Row = {
        ...values,
        // A staff member comes back without a password (it was never kept) and so inactive.
        ...(resource === "staff" ? { active: false } : {}),
        id,
        createdAt: String(created?.at ?? event.at),
        updatedAt: now.toISOString(),
        // Higher than any version it had: every change it went through, and this one.
        version: history.length + 1,
      };
      const stored = await tx.insert(resource, record);
      await appendAudit(tx, req.ctx, { action: "restore", resource, recordId: id, changes: diff(def, null, stored) }, now);
      return stored;
    });
    nameOwnEvents(res, req.ctx, resource, id);
    res.status(201).json(stripRecord(ability, resource, restored));
  }

  async function purge(req: Request, res: Response, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    if (req.ctx.permissions?.role !== ADMIN_ROLE) throw new AppError("FORBIDDEN", "Only an admin purges the trash");
    const now = new Date();
    await storage.transaction(async (tx) => {
      const { event } = await trashedBy(tx, resource, id, now);
      if (!event || !canDo(req.ctx.ability, "read", resource, valuesAtDeletion(event))) throw noSuch(def);
      await appendAudit(tx, req.ctx, { action: "purge", resource, recordId: id }, now);
    });
    res.json({ status: "ok" });
  }

  async function revert(req: Request, res: Response, resource: ResourceName, id: number) {
    const def = getEntity(resource);
    const { ability } = req.ctx;
    requireAction(ability, "update", resource, def);
    const { eventId, version, dryRun } = parseBody(revertBody, req.body);
    const current = await storage.get(resource, id);
    if (!current || !canDo(ability, "read", resource, current)) throw new AppError("NOT_FOUND", `No such ${def.singular.toLowerCase()}`);
    const events = await storage.history(resource, id, ALL_RECORD_ACTIONS);
    const at = events.findIndex((e) => e.id === eventId);
    if (at < 0 || !REVISION_ACTIONS.includes(String(events[at].action)))
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { eventId: [message("notThisRecordsEvent")] });
    // The values just after that event: the record as it is now, with every later change undone.
    const then: Record<string, unknown> = { ...current };
    for (const e of events.slice(at + 1).reverse())
      for (const [field, change] of Object.entries((e.changes ?? {}) as Changes)) if (change && "from" in change) then[field] = change.from ?? null;

    const fields = allFields(def);
    // A field the reader cannot see is neither changed nor said to be skipped: that it differs is news too.
    const readable = new Set(readableFields(ability, resource));
    const body: Record<string, unknown> = {};
    const skipped: string[] = [];
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.write !== "always" || f.type === "password" || !(name in then) || !readable.has(name)) continue;
      const want = f.type === "items" ? writableLines(then[name]) : then[name];
      const have = f.type === "items" ? writableLines(current[name]) : current[name];
      if (JSON.stringify(want ?? null) === JSON.stringify(have ?? null)) continue;
      if (!canDo(ability, "update", resource, current, name) || !fields[name]) skipped.push(name);
      else body[name] = want ?? null;
    }
    if (dryRun) {
      const version = stripRecord(ability, resource, { ...then, id, version: current.version } as Row);
      res.json({ record: version, changed: Object.keys(body), skipped, dryRun: true });
      return;
    }
    if (!Object.keys(body).length) {
      res.json({ record: stripRecord(ability, resource, current), changed: [], skipped });
      return;
    }
    const record = await updateRecord(req.ctx, resource, id, { ...body, version }, { revertOf: eventId });
    nameOwnEvents(res, req.ctx, resource, id);
    res.json({ record: stripRecord(ability, resource, record), changed: Object.keys(body), skipped });
  }

  return { list, restore, purge, revert };
}

function whole(key: string, raw: string | null, fallback: number): number {
  if (raw === null) return fallback;
  if (!/^\d{1,15}$/.test(raw)) throw bad(`${key} must be a whole number of 0 or more`);
  return Number(raw);
}

/** Unique values a restored record would share with a record made since, and who holds them. */
async function takenMeanwhile(reader: Reader, resource: ResourceName, def: EntityDef, values: Record<string, unknown>) {
  const errors: FieldErrors = {};
  const holders: Record<string, { id: number; label: string }> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const v = values[name];
    if (!f.unique || v === undefined || v === null || !(await reader.isTaken(resource, name, String(v), null))) continue;
    const holder = (
      await reader.list(
        resource,
        {
          start: 0,
          end: 1,
          sort: [{ field: "id", def: allFields(def).id, dir: 1 }],
          filters: [{ field: name, op: "eq", values: [v as string] }],
          search: null,
        },
        null,
      )
    ).rows[0];
    const label = holder ? String(holder[def.recordLabel] ?? `#${holder.id}`) : "";
    errors[name] = [holder ? message("takenBy", { what: f.label.toLowerCase(), holder: label }) : message("taken", { what: f.label.toLowerCase() })];
    if (holder) holders[name] = { id: holder.id, label };
  }
  return { errors, holders };
}
