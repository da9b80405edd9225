/**
 * npm run db:seed [-- --orders N --customers N --products N --seed N --now ISO --out PATH]
 *
 * Writes the deterministic demo data (scripts/seed-lib.ts): with no options, the committed
 * db.json; with larger counts, data sets for benchmarks. Same options, same bytes.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_SEED_OPTIONS, generateDb, serializeDbChunks, writeFileAtomic, type SeedOptions } from "./seed-lib";

const ROOT = path.resolve(import.meta.dirname, "..");

function readOptions(): { options: SeedOptions; out: string } {
  const { values } = parseArgs({
    options: {
      orders: { type: "string" },
      customers: { type: "string" },
      products: { type: "string" },
      seed: { type: "string" },
      now: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      `usage: tsx scripts/seed.ts [--orders ${DEFAULT_SEED_OPTIONS.orders}] [--customers ${DEFAULT_SEED_OPTIONS.customers}] ` +
        `[--products ${DEFAULT_SEED_OPTIONS.products}] [--seed ${DEFAULT_SEED_OPTIONS.seed}] [--now ${DEFAULT_SEED_OPTIONS.now}] [--out db.json]`,
    );
    process.exit(0);
  }
  const count = (name: "orders" | "customers" | "products" | "seed") => {
    const raw = values[name];
    if (raw === undefined) return DEFAULT_SEED_OPTIONS[name];
    if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number, got "${raw}"`);
    return Number(raw);
  };
  let now = DEFAULT_SEED_OPTIONS.now;
  if (values.now !== undefined) {
    const ms = Date.parse(values.now);
    if (Number.isNaN(ms)) throw new Error(`--now must be an ISO 8601 date, got "${values.now}"`);
    now = new Date(ms).toISOString();
  }
  return {
    options: { orders: count("orders"), customers: count("customers"), products: count("products"), seed: count("seed"), now },
    out: path.resolve(values.out ?? path.join(ROOT, "db.json")),
  };
}

async function main() {
  const { options, out } = readOptions();
  const started = performance.now();
  const db = await generateDb(options);
  const generated = performance.now();
  const bytes = writeFileAtomic(out, serializeDbChunks(db));
  const written = performance.now();

  const byStatus = new Map<string, number>();
  for (const o of db.orders) byStatus.set(o.status as string, (byStatus.get(o.status as string) ?? 0) + 1);
  const sizes = ["staff", "customers", "categories", "products", "orders", "audit-events", "credentials"] as const;
  console.log(`seed: ${JSON.stringify(options)}`);
  console.log(`wrote ${path.relative(process.cwd(), out) || out}: ${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes.toLocaleString("en-US")} bytes)`);
  console.log(`  ${sizes.map((k) => `${k} ${db[k].length.toLocaleString("en-US")}`).join(", ")}; next order number ${db.counters.orderNumber}`);
  console.log(`  orders by status: ${[...byStatus].map(([s, n]) => `${s} ${n.toLocaleString("en-US")}`).join(", ")}`);
  console.log(`  took ${((written - started) / 1000).toFixed(2)} s (generate ${((generated - started) / 1000).toFixed(2)} s, write ${((written - generated) / 1000).toFixed(2)} s)`);
}

main().catch((err: unknown) => {
  console.error(`db:seed failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
