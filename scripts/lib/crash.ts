/**
 * Crash safety (issue 6.4, issue 10, and restores from the trash): start the real server, stream concurrent writes at it, kill
 * something at a random moment, and check that the data still loads and holds every write that
 * was acknowledged. What is killed: the app server (SIGKILL), on the JSON store or on PostgreSQL;
 * or PostgreSQL itself (an immediate stop, as a crash: no checkpoint, recovery from the WAL on the
 * next start) under a server that keeps running and must reconnect by itself. Used by
 * `npm run test:crash` (many cycles) and by tests/api/cli.test.ts (a few).
 */
import pg from "pg";
import type { DbShape, Row } from "../../src/server/db-shape";
import { readDataFile } from "../../src/server/store";
import { signIn, spawnServer, type ChildServer } from "./child-server";
import type { PgCluster } from "./pg-cluster";

export interface CrashOptions {
  /** The JSON store's data file; with `database`, only a placeholder the server does not read. */
  dbFile: string;
  /** The server on PostgreSQL: this database, in this cluster. */
  database?: { url: string; cluster: PgCluster };
  /** "server" (default): SIGKILL the app server. "database": stop PostgreSQL at once, then start it again. */
  kill?: "server" | "database";
  cycles: number;
  /** Concurrent writers per cycle. */
  writers?: number;
  /** The kill comes this long after the writes begin: a random time in [min, max) ms. */
  killAfterMs?: [number, number];
  log?: (line: string) => void;
}

export interface CrashReport {
  cycles: number;
  acknowledged: number;
  /** Requests sent and not yet answered when the kill came (cut off mid-flight). */
  inFlightAtKill: number;
  /** Each an acknowledged write missing after the restart, or a file that did not load. */
  violations: string[];
}

interface Acked {
  created: Map<number, string>; // category id → name
  deleted: Set<number>;
  /** Deletes sent, answered or not: one cut off by the kill may or may not have happened. */
  deleteSent: Set<number>;
  updated: Map<number, { version: number; notes: string }>; // customer id → last acknowledged
  /** Deleted categories brought back from the trash (acknowledged), and restores sent at all. */
  restored: Set<number>;
  restoreSent: Set<number>;
}

const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo));

export async function crashCycles(opts: CrashOptions): Promise<CrashReport> {
  const writers = opts.writers ?? 8;
  const [killMin, killMax] = opts.killAfterMs ?? [150, 900];
  const log = opts.log ?? (() => undefined);
  const report: CrashReport = { cycles: 0, acknowledged: 0, inFlightAtKill: 0, violations: [] };
  const acked: Acked = { created: new Map(), deleted: new Set(), deleteSent: new Set(), updated: new Map(), restored: new Set(), restoreSent: new Set() };
  // Each writer owns one customer, so its updates never conflict with another's: any gap
  // between what it was told and what is stored is a lost write, not a race.
  const owned = (await snapshot(opts)).customers.slice(0, writers).map((c) => c.id);
  let cookie: string | null = null;
  const killDatabase = opts.kill === "database";
  if (killDatabase && !opts.database) throw new Error("kill: database needs a database");
  const start = () => spawnServer({ dbFile: opts.dbFile, ...(opts.database ? { env: { DATABASE_URL: opts.database.url } } : {}) });
  // Killing the database, one server lives through every cycle: it has to find its way back alone.
  const lasting = killDatabase ? await start() : null;
  let lastingErr = "";
  lasting?.child.stderr!.on("data", (d) => (lastingErr = (lastingErr + d).slice(-1500)));

  for (let cycle = 1; cycle <= opts.cycles; cycle++) {
    const server = lasting ?? (await start());
    try {
      if (lasting) await answering(lasting, cookie, cycle, () => lastingErr);
      cookie ??= await signIn(server.url);
      // A session from before the kill must still be good: it was acknowledged too.
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
      if (me.status !== 200) {
        report.violations.push(`cycle ${cycle}: the acknowledged session no longer signs in (${me.status})`);
        cookie = await signIn(server.url);
      }
      const versions = new Map<number, number>();
      for (const id of owned) {
        const res = await fetch(`${server.url}/api/customers/${id}`, { headers: { cookie } });
        versions.set(id, ((await res.json()) as Row).version);
      }

      let inFlight = 0;
      let killed = false;
      let acks = 0;
      const send = async (method: string, path: string, body?: unknown) => {
        inFlight++;
        try {
          const res = await fetch(server.url + path, {
            method,
            headers: { cookie: cookie!, ...(body ? { "content-type": "application/json" } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
          const json = (await res.json()) as Row;
          return { status: res.status, json };
        } finally {
          inFlight--;
        }
      };
      const writer = async (w: number) => {
        const customerId = owned[w];
        const mine: number[] = [];
        for (let n = 0; !killed; n++) {
          try {
            const kind = n % 3;
            if (kind === 0) {
              const name = `Crash ${cycle}-${w}-${n}`;
              const r = await send("POST", "/api/categories", { name, description: "x".repeat(500) });
              if (r.status === 201) {
                acked.created.set(r.json.id, name);
                mine.push(r.json.id);
                acks++;
              }
            } else if (kind === 1) {
              const notes = `cycle ${cycle} writer ${w} write ${n}`;
              const r = await send("PATCH", `/api/customers/${customerId}`, { notes, version: versions.get(customerId) });
              if (r.status === 200) {
                versions.set(customerId, r.json.version);
                acked.updated.set(customerId, { version: r.json.version, notes });
                acks++;
              } else if (r.status === 409) versions.set(customerId, (r.json.current as Row).version);
            } else if (mine.length) {
              const id = mine.shift()!;
              acked.deleteSent.add(id);
              const r = await send("DELETE", `/api/categories/${id}`);
              if (r.status === 200) {
                acked.deleted.add(id);
                acks++;
                // Two deleted categories in three come straight back from the trash.
                if (id % 3 !== 0) {
                  acked.restoreSent.add(id);
                  const back = await send("POST", `/api/categories/${id}/restore`);
                  if (back.status === 201) {
                    acked.restored.add(id);
                    acks++;
                  }
                }
              }
            }
          } catch {
            // The connection died with the server: not acknowledged, so nothing is owed.
          }
        }
      };
      const running = Array.from({ length: writers }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, rand(killMin, killMax)));
      const cutOff = inFlight;
      if (killDatabase) await opts.database!.cluster.stop("immediate");
      else await server.stop("SIGKILL");
      killed = true;
      await Promise.all(running);
      if (killDatabase) await opts.database!.cluster.start();
      report.acknowledged += acks;
      report.inFlightAtKill += cutOff;
      report.cycles++;

      const problems = await verify(opts, acked);
      report.violations.push(...problems.map((p) => `cycle ${cycle}: ${p}`));
      const what = opts.database ? "the database holds every acknowledged write" : "file loads, every acknowledged write is there";
      log(
        `cycle ${String(cycle).padStart(3)}: ${String(acks).padStart(3)} writes acknowledged (${acked.restored.size} restores so far), ${cutOff} in flight at the kill — ${problems.length ? `${problems.length} PROBLEMS` : what}`,
      );
    } finally {
      if (!lasting) await server.stop("SIGKILL");
    }
  }
  if (lasting) {
    // After the last restart of the database too, the same server answers again.
    try {
      await answering(lasting, cookie, opts.cycles + 1, () => lastingErr);
    } catch (err) {
      report.violations.push(err instanceof Error ? err.message : String(err));
    }
    await lasting.stop("SIGTERM");
  } else {
    // The last state must also start a server (stale temp files cleared, shape accepted).
    const last = await start();
    await last.stop("SIGTERM");
  }
  return report;
}

/**
 * Wait until the server answers a read again after the database came back: it must reconnect by
 * itself. Until then its answers are 503 UNAVAILABLE, never anything else.
 */
async function answering(server: ChildServer, cookie: string | null, cycle: number, stderr: () => string) {
  if (!cookie) return;
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(
        `cycle ${cycle}: the app server died when PostgreSQL stopped (exit ${server.child.exitCode ?? server.child.signalCode}); its last words: ${stderr().trim()}`,
      );
    // The session made before the stop: 200 once the database is back, 503 until then.
    const probe = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } }).catch(() => null);
    if (probe?.status === 200) return;
    if (probe && probe.status !== 503) throw new Error(`cycle ${cycle}: while the database came back the server answered ${probe.status}, not 503 or 200`);
    if (Date.now() > until) throw new Error(`cycle ${cycle}: the server did not reconnect to the database within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Snapshot {
  categories: { id: number; name: string }[];
  customers: { id: number; version: number; notes?: string }[];
}

/** What is stored now: the data file as the server would load it, or the database's rows. */
async function snapshot(opts: CrashOptions): Promise<Snapshot> {
  if (!opts.database) {
    const db: DbShape = readDataFile(opts.dbFile);
    return {
      categories: db.categories.map((c) => ({ id: c.id, name: c.name as string })),
      customers: db.customers.map((c) => ({ id: c.id, version: c.version, notes: c.notes as string | undefined })),
    };
  }
  const client = new pg.Client({ connectionString: opts.database.url });
  await client.connect();
  try {
    const categories = (await client.query("SELECT id::int, name FROM categories ORDER BY id")).rows;
    const customers = (await client.query("SELECT id::int, version, notes FROM customers ORDER BY id")).rows.map((c) => ({
      ...c,
      notes: c.notes ?? undefined,
    }));
    return { categories, customers };
  } finally {
    await client.end();
  }
}

async function verify(opts: CrashOptions, acked: Acked): Promise<string[]> {
  let db: Snapshot;
  try {
    db = await snapshot(opts);
  } catch (err) {
    return [`the ${opts.database ? "database" : "data file"} does not load: ${err instanceof Error ? err.message : String(err)}`];
  }
  const problems: string[] = [];
  const categories = new Map(db.categories.map((c) => [c.id, c]));
  for (const [id, name] of acked.created) {
    if (acked.restored.has(id)) {
      if (categories.get(id)?.name !== name) problems.push(`category ${id} "${name}" was restored (acknowledged) but is missing`);
    } else if (acked.deleted.has(id)) {
      // A restore the kill cut off may have happened; an acknowledged delete with none sent may not be undone.
      if (categories.has(id) && !acked.restoreSent.has(id)) problems.push(`category ${id} was deleted (acknowledged) but is back`);
    } else if (!acked.deleteSent.has(id) && categories.get(id)?.name !== name)
      problems.push(`category ${id} "${name}" was created (acknowledged) but is missing`);
  }
  const customers = new Map(db.customers.map((c) => [c.id, c]));
  for (const [id, last] of acked.updated) {
    const c = customers.get(id);
    // A write the server finished but whose answer the kill cut off may be there too: newer is fine, older is a loss.
    if (!c || c.version < last.version) problems.push(`customer ${id}: acknowledged version ${last.version}, stored ${c?.version}`);
    else if (c.version === last.version && c.notes !== last.notes)
      problems.push(`customer ${id} v${last.version}: acknowledged notes "${last.notes}", stored "${String(c.notes)}"`);
  }
  return problems;
}
