/**
 * npm run db:seed [-- --orders N --customers N --products N --seed N --now ISO --out PATH]
 * DATABASE_URL=postgres://… npm run db:seed [-- --orders 1000000 … --replace]
 *
 * Writes the deterministic demo data (scripts/seed-lib.ts): with no options, the committed
 * db.json; with larger counts, data sets for benchmarks. Same options, same bytes. With
 * DATABASE_URL set (and no --out), the same data goes straight into that PostgreSQL database
 * with COPY, no file in between (scripts/lib/seed-pg.ts); a database that holds data is refused
 * unless --replace.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { migrate } from "../src/server/storage/pg/migrate";
import { NotEmptyError, seedPostgres } from "./lib/seed-pg";
import { DEFAULT_SEED_OPTIONS, generateDb, serializeDbChunks, writeFileAtomic, type SeedOptions } from "./seed-lib";

const ROOT = path.resolve(import.meta.dirname, "..");

function readOptions(): { options: SeedOptions; out: string; toFile: boolean; replace: boolean } {
  const { values } = parseArgs({
    options: {
      orders: { type: "string" },
      customers: { type: "string" },
      products: { type: "string" },
      seed: { type: "string" },
      now: { type: "string" },
      out: { type: "string" },
      replace: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      `usage: tsx scripts/seed.ts [--orders ${DEFAULT_SEED_OPTIONS.orders}] [--customers ${DEFAULT_SEED_OPTIONS.customers}] ` +
        `[--products ${DEFAULT_SEED_OPTIONS.products}] [--seed ${DEFAULT_SEED_OPTIONS.seed}] [--now ${DEFAULT_SEED_OPTIONS.now}] [--out db.json]\n` +
        "With DATABASE_URL set and no --out: loads the data into that PostgreSQL database with COPY [--replace: empty it first].",
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
    toFile: values.out !== undefined || !process.env.DATABASE_URL,
    replace: values.replace ?? false,
  };
}

/** Where the database is, without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    throw new Error("DATABASE_URL is not a URL (postgres://user@host:port/database)");
  }
}

async function seedDatabase(options: SeedOptions, replace: boolean) {
  const url = process.env.DATABASE_URL!;
  const where = describeUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const client = await pool.connect().catch((err: Error) => {
      throw new Error(`cannot reach PostgreSQL at ${where}: ${err.message}`);
    });
    client.release();
    // The server's own migrations: a new database gets the schema the server will expect.
    await migrate(pool);
    console.log(`seed: ${JSON.stringify(options)} into PostgreSQL at ${where}${replace ? " (replacing its data)" : ""}`);
    const seeding = await pool.connect();
    let result: Awaited<ReturnType<typeof seedPostgres>>;
    try {
      result = await seedPostgres(seeding, options, { replace, log: (l) => console.log(l) });
    } finally {
      seeding.release();
    }
    const { counts, seconds } = result;
    console.log(
      `  ${Object.entries(counts)
        .map(([k, n]) => `${k} ${n.toLocaleString("en-US")}`)
        .join(", ")}; next order number ${counts.orders + 1}`,
    );
    console.log(
      `  took ${seconds.total} s (generate + COPY ${seconds.generateAndCopy} s, audit ids ${seconds.audit} s, indexes and foreign keys ${seconds.indexes} s, ANALYZE ${seconds.analyze} s)`,
    );
  } catch (err) {
    if (err instanceof NotEmptyError) throw new Error(`${where}: ${err.message}`);
    throw err;
  } finally {
    await pool.end();
  }
}

async function main() {
  const { options, out, toFile, replace } = readOptions();
  if (!toFile) return seedDatabase(options, replace);
  if (replace) throw new Error("--replace is for a database (DATABASE_URL): a file is always written whole");
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
  console.log(
    `  took ${((written - started) / 1000).toFixed(2)} s (generate ${((generated - started) / 1000).toFixed(2)} s, write ${((written - generated) / 1000).toFixed(2)} s)`,
  );
}

main().catch((err: unknown) => {
  console.error(`db:seed failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
