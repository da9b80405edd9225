/**
 * Crash safety (issue 6.4): start the real server, stream concurrent writes at it, SIGKILL it at
 * a random moment, and check that the data file still loads and holds every write that was
 * acknowledged. Used by `npm run test:crash` (many cycles) and by tests/api/cli.test.ts (a few).
 */
import type { DbShape, Row } from "../../src/server/db-shape";
import { readDataFile } from "../../src/server/store";
import { signIn, spawnServer } from "./child-server";

export interface CrashOptions {
  dbFile: string;
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
}

const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo));

export async function crashCycles(opts: CrashOptions): Promise<CrashReport> {
  const writers = opts.writers ?? 8;
  const [killMin, killMax] = opts.killAfterMs ?? [150, 900];
  const log = opts.log ?? (() => undefined);
  const report: CrashReport = { cycles: 0, acknowledged: 0, inFlightAtKill: 0, violations: [] };
  const acked: Acked = { created: new Map(), deleted: new Set(), deleteSent: new Set(), updated: new Map() };
  // Each writer owns one customer, so its updates never conflict with another's: any gap
  // between what it was told and what is stored is a lost write, not a race.
  const owned = readDataFile(opts.dbFile).customers.slice(0, writers).map((c) => c.id);
  let cookie: string | null = null;

  for (let cycle = 1; cycle <= opts.cycles; cycle++) {
    const server = await spawnServer({ dbFile: opts.dbFile });
    try {
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
      await server.stop("SIGKILL");
      killed = true;
      await Promise.all(running);
      report.acknowledged += acks;
      report.inFlightAtKill += cutOff;
      report.cycles++;

      const problems = verify(opts.dbFile, acked);
      report.violations.push(...problems.map((p) => `cycle ${cycle}: ${p}`));
      log(`cycle ${String(cycle).padStart(3)}: ${String(acks).padStart(3)} writes acknowledged, ${cutOff} in flight at the kill — ${problems.length ? `${problems.length} PROBLEMS` : "file loads, every acknowledged write is there"}`);
    } finally {
      await server.stop("SIGKILL");
    }
  }
  // The last file must also start a server (stale temp files cleared, shape accepted).
  const last = await spawnServer({ dbFile: opts.dbFile });
  await last.stop("SIGTERM");
  return report;
}

function verify(file: string, acked: Acked): string[] {
  let db: DbShape;
  try {
    db = readDataFile(file);
  } catch (err) {
    return [`the data file does not load: ${err instanceof Error ? err.message : String(err)}`];
  }
  const problems: string[] = [];
  const categories = new Map(db.categories.map((c) => [c.id, c]));
  for (const [id, name] of acked.created) {
    if (acked.deleted.has(id)) {
      if (categories.has(id)) problems.push(`category ${id} was deleted (acknowledged) but is back`);
    } else if (!acked.deleteSent.has(id) && categories.get(id)?.name !== name) problems.push(`category ${id} "${name}" was created (acknowledged) but is missing`);
  }
  const customers = new Map(db.customers.map((c) => [c.id, c]));
  for (const [id, last] of acked.updated) {
    const c = customers.get(id);
    // A write the server finished but whose answer the kill cut off may be there too: newer is fine, older is a loss.
    if (!c || c.version < last.version) problems.push(`customer ${id}: acknowledged version ${last.version}, stored ${c?.version}`);
    else if (c.version === last.version && c.notes !== last.notes) problems.push(`customer ${id} v${last.version}: acknowledged notes "${last.notes}", stored "${String(c.notes)}"`);
  }
  return problems;
}
