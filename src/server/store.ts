/**
 * The data file: lowdb 1 (json-server's own storage) on an adapter that refuses to start on a
 * file it cannot trust and never leaves a half-written one behind (docs/decisions/002).
 */
import fs from "node:fs";
import path from "node:path";
import low, { type LowSync } from "lowdb";
import Base from "lowdb/adapters/Base";
import { builtInRoleRows, SHARING_ROLES, VIEW_SHARING_RULES } from "../domain/roles/built-in";
import type { RoleRule } from "../domain/roles/rules";
import { ROUTED_COLLECTIONS, type DbShape, type Row } from "./db-shape";

export class DataFileError extends Error {
  constructor(file: string, problem: string) {
    super(`data file ${file} ${problem} — restore it with npm run db:reset`);
    this.name = "DataFileError";
  }
}

const ARRAY_COLLECTIONS = [...ROUTED_COLLECTIONS, "credentials", "sessions", "loginFailures", "twoFactor", "tokens", "preferences"] as const;

/** Refuse anything that is not plainly the shape the server works on. */
export function checkShape(file: string, data: unknown): asserts data is DbShape {
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new DataFileError(file, "is not a JSON object");
  const db = data as Record<string, unknown>;
  for (const name of ARRAY_COLLECTIONS) {
    if (!Array.isArray(db[name])) throw new DataFileError(file, `is missing collection ${name}`);
  }
  for (const name of ROUTED_COLLECTIONS) {
    const rows = db[name] as unknown[];
    rows.forEach((row, i) => {
      const id = (row as { id?: unknown } | null)?.id;
      if (!row || typeof row !== "object" || !Number.isSafeInteger(id) || (id as number) < 1)
        throw new DataFileError(file, `has a record without a positive integer id in ${name} (position ${i})`);
    });
  }
  const counters = db.counters as { orderNumber?: unknown } | undefined;
  if (!counters || typeof counters !== "object" || !Number.isSafeInteger(counters.orderNumber))
    throw new DataFileError(file, "is missing collection counters (with orderNumber)");
}

/** The data file, whole and of the right shape, or a DataFileError saying what is wrong with it. */
export function readDataFile(file: string, onUpgrade?: () => void): DbShape {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DataFileError(file, code === "ENOENT" ? "does not exist" : `cannot be read (${code})`);
  }
  if (text.trim() === "") throw new DataFileError(file, "is empty");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DataFileError(file, "is not valid JSON");
  }
  if (upgradeDataFile(data)) onUpgrade?.();
  checkShape(file, data);
  return data;
}

/**
 * A data file written before a collection existed gets it, as the seed would have made it, rather
 * than being refused: `roles` (the built-in roles, from before roles were data), `twoFactor` and
 * `tokens` (from before two-factor sign-in and API tokens), `views` and `preferences` (from
 * before saved views). Returns whether
 * anything was added, so the caller can write the file back.
 */
export function upgradeDataFile(data: unknown): boolean {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  const db = data as Record<string, unknown>;
  if (!Array.isArray(db.staff)) return false;
  let added = false;
  if (db.roles === undefined) {
    db.roles = builtInRoleRows(new Date().toISOString());
    added = true;
  }
  if (db.views === undefined) {
    // From before saved views: the built-in roles that share views were seeded without that rule.
    for (const role of db.roles as Row[]) {
      const rules = role.rules as RoleRule[];
      if (role.builtIn === true && SHARING_ROLES.includes(String(role.key)) && !rules.some((r) => r.resource === "views"))
        role.rules = [...rules, ...VIEW_SHARING_RULES];
    }
    db.views = [];
    added = true;
  }
  for (const name of ["twoFactor", "tokens", "preferences"]) {
    if (db[name] !== undefined) continue;
    db[name] = [];
    added = true;
  }
  return added;
}

/** Write the whole file so that a crash at any moment leaves either the old or the new one. */
export function writeFileAtomic(file: string, text: string) {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  // The rename itself lives in the directory: sync it too, or a crash can lose it.
  const dirFd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
}

class AtomicFileAdapter extends Base<DbShape> {
  /** Set when the file read lacked a collection that was then added (see upgradeDataFile). */
  upgraded = false;
  read(): DbShape {
    const data = readDataFile(this.source, () => (this.upgraded = true));
    return data;
  }
  write(data: DbShape) {
    writeFileAtomic(this.source, this.serialize(data));
  }
}

export class Store {
  readonly file: string;
  private readonly db: LowSync<DbShape>;
  /** Next id per collection; never reuses the id of a deleted record (see `scanIds`). */
  private nextIds = new Map<string, number>();
  /** Set when a write failed and the file could not be read back: memory may hold what the disk does not. */
  private broken: Error | null = null;

  constructor(file: string) {
    this.file = path.resolve(file);
    removeStaleTempFiles(this.file);
    const adapter = new AtomicFileAdapter(this.file, { serialize: (d) => JSON.stringify(d, null, 2) });
    this.db = low(adapter);
    if (adapter.upgraded) this.db.write();
    this.scanIds();
  }

  get data(): DbShape {
    // Serving memory that the disk does not hold would answer with data that a restart loses.
    if (this.broken) throw new Error(`store unavailable since a failed write: ${this.broken.message}`);
    return this.db.getState();
  }

  rows(collection: (typeof ROUTED_COLLECTIONS)[number]): Row[] {
    return this.data[collection];
  }

  nextId(collection: (typeof ROUTED_COLLECTIONS)[number]): number {
    const id = this.nextIds.get(collection) ?? 1;
    this.nextIds.set(collection, id + 1);
    return id;
  }

  /** Write what the transaction changed in memory, as one atomic file write; on failure, back to the disk. */
  commit() {
    try {
      this.db.write();
    } catch (err) {
      this.reload();
      throw err;
    }
  }

  /** A transaction failed: memory goes back to what is on disk, so it never holds what the disk does not. */
  rollback() {
    this.reload();
  }

  private reload() {
    try {
      this.db.read();
      this.scanIds();
    } catch (err) {
      // The disk is gone or broken too: refuse to serve anything until someone restores it.
      this.broken = err instanceof Error ? err : new Error(String(err));
      console.error(`[store] ${this.file} could not be read back after a failed write; answering 500 until restarted:`, this.broken.message);
    }
  }

  /** Highest id ever used per collection: rows, and records named by the audit log (deleted ones). */
  private scanIds() {
    const data = this.data;
    const max = new Map<string, number>();
    for (const name of ROUTED_COLLECTIONS) {
      let m = 0;
      for (const row of data[name]) if (row.id > m) m = row.id;
      max.set(name, m);
    }
    for (const ev of data["audit-events"]) {
      const res = ev.resource as string;
      const id = ev.recordId;
      if (typeof id === "number" && max.has(res) && id > (max.get(res) ?? 0)) max.set(res, id);
    }
    this.nextIds = new Map([...max].map(([k, v]) => [k, v + 1]));
  }
}

/** A temp file left by a crash mid-write is garbage: the rename never happened. */
function removeStaleTempFiles(file: string) {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return; // the read that follows names the problem
  }
  for (const n of names) if (n.startsWith(prefix) && n.endsWith(".tmp")) fs.rmSync(path.join(dir, n), { force: true });
}
