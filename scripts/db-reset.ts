/**
 * npm run db:reset [-- --from PATH]
 *
 * Puts the working copy of the data (`DB_FILE`, default data/db.json) back to the committed
 * db.json, or to another seed file with --from (a benchmark data set). The copy is written
 * atomically, so a server starting at the same moment sees the old file or the new one.
 * A server that is running keeps its data in memory: restart it afterwards.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { DbShape } from "../src/server/db-shape";
import { writeFileAtomic } from "./seed-lib";

const ROOT = path.resolve(import.meta.dirname, "..");
const COLLECTIONS = ["staff", "customers", "categories", "products", "orders", "audit-events", "credentials", "sessions", "loginFailures"] as const;

function main() {
  const { values } = parseArgs({ options: { from: { type: "string" } }, strict: true });
  const source = path.resolve(values.from ?? path.join(ROOT, "db.json"));
  // Relative to where it runs, as the server reads it (npm runs scripts at the project root).
  const target = path.resolve(process.env.DB_FILE || "data/db.json");
  if (source === target) throw new Error(`the source and the working copy are the same file (${source})`);

  let text: string;
  try {
    text = fs.readFileSync(source, "utf8");
  } catch (err) {
    throw new Error(`cannot read ${source} (${(err as NodeJS.ErrnoException).code}); make it with npm run db:seed`);
  }
  // Never install a copy the server would refuse to start on.
  let db: Partial<DbShape>;
  try {
    db = JSON.parse(text) as Partial<DbShape>;
  } catch {
    throw new Error(`${source} is not valid JSON; make it again with npm run db:seed`);
  }
  const missing = COLLECTIONS.filter((c) => !Array.isArray(db[c]));
  if (missing.length || !Number.isSafeInteger(db.counters?.orderNumber))
    throw new Error(`${source} is not a Switchboard data file (missing ${missing.join(", ") || "counters.orderNumber"})`);

  const existed = fs.existsSync(target);
  const bytes = writeFileAtomic(target, [text]);
  const rel = (p: string) => path.relative(process.cwd(), p) || p;
  console.log(
    `${existed ? "reset" : "created"} ${rel(target)} from ${rel(source)} (${bytes.toLocaleString("en-US")} bytes; ${db.orders!.length} orders, ${db.staff!.length} staff)`,
  );
  console.log("restart the server if it is running: it keeps the data in memory.");
}

try {
  main();
} catch (err) {
  console.error(`db:reset failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
