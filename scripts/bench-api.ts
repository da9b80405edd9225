/**
 * npm run bench:api [-- --sizes 10000,1000000 --backends json,pg,bare --file-max 100000 --runs 3 --duration 5 --connections 10 --only … --pg-url … --customers 150]
 *
 * Our server on the JSON store, our server on PostgreSQL, and bare json-server 0.17.4 as the
 * baseline, in one run, on the same deterministic data (scripts/seed-lib.ts) at each size: each
 * server in its own child process on 127.0.0.1, loaded by autocannon from this process. Prints
 * p50 / p99 latency and requests per second, medians over several runs.
 *
 * PostgreSQL runs in a throwaway cluster of its own (scripts/lib/pg-cluster.ts) with fsync on,
 * its default: an acknowledged write is on disk. Its data is loaded with the COPY seed
 * (`npm run db:seed` with DATABASE_URL). `--pg-url postgres://…/postgres` uses a server already
 * running instead, and keeps its `bench_<orders>` databases: one already holding that many orders
 * is measured as it is (seeding a million orders takes minutes; a second run need not).
 * The file-based servers only run up to --file-max orders
 * (a data file of a million orders is ~4 GB, more than V8 can hold as one string). Where one
 * JSON-store write takes a second or more, writes there are measured a few, one at a time.
 * A benchmark: it prints figures and asserts nothing about them.
 *
 * Roles as data: the role-orders and role-customers scenarios load the lists
 * of a member of a custom role scoped by `where` (scripts/lib/custom-role.ts: "gold-desk", its own
 * orders by `$me`, the gold-tier customers by value), set up through the API as an admin on each
 * server before it is loaded. Bare json-server has no roles: those rows are left out for it.
 * `--customers` seeds more customers than the demo set's 150 (which it keeps at every size), for
 * the customers lists at scale; kept databases are then named bench_<orders>_c<customers>.
 *
 * GraphQL (POST /api/graphql, on the same session): gql-page is the twin of page, the same sorted
 * page with its count (createdAt DESC, REST's default, sent as `sorting`), selecting every scalar
 * field of Order the signed-in role may read, which is what REST answers that role; gql-page-refs
 * adds each row's customer and assignee (`{ id name }`), which the server batches per page
 * (DataLoader). Each query is sent once and checked (no `errors`, 20 rows) before it is loaded.
 * Bare json-server has no GraphQL: those rows are left out for it. After each size, the ratio of
 * each GraphQL row's p50 to REST's page is printed per server.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { getEntity } from "../src/domain/entities";
import { graphqlNames } from "../src/domain/graphql-names";
import { SEED_DB_FILE } from "../src/server/paths";
import { migrate } from "../src/server/storage/pg/migrate";
import { machine, median, signIn, spawnServer, type ChildServer, tempDir } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { ensureGoldDesk, GOLD_DESK_KEY } from "./lib/custom-role";
import { adminQuery, quoteIdent, startCluster } from "./lib/pg-cluster";
import { seedPostgres } from "./lib/seed-pg";
import { DEFAULT_SEED_OPTIONS, DEMO_ACCOUNTS, generateDb, serializeDbChunks, writeFileAtomic } from "./seed-lib";

const SCENARIO_KEYS = "list,page,gql-page,gql-page-refs,agent,role-orders,role-customers,search,record,dashboard,write,place,trash";
const values = readOptions(
  "npm run bench:api -- [--sizes 10000,1000000] [--backends json,pg,bare] [--file-max 100000] [--runs 3] [--duration 5 (s per run)] [--connections 10] " +
    `[--only ${SCENARIO_KEYS}] [--pg-url postgres://user@host:port/postgres] [--customers ${DEFAULT_SEED_OPTIONS.customers} (at every size)]`,
  {
    sizes: "10000,1000000",
    backends: "json,pg,bare",
    "file-max": "100000",
    runs: "3",
    duration: "5",
    connections: "10",
    only: SCENARIO_KEYS,
    "pg-url": undefined,
    customers: String(DEFAULT_SEED_OPTIONS.customers),
  },
);
const SIZES = values.sizes!.split(",").map((s) => wholeNumber("sizes", s.trim()));
const BACKENDS = new Set(values.backends!.split(",").map((s) => s.trim()));
for (const b of BACKENDS) if (!["json", "pg", "bare"].includes(b)) throw new Error(`--backends takes json, pg and bare, not "${b}"`);
const FILE_MAX = wholeNumber("file-max", values["file-max"]);
const RUNS = wholeNumber("runs", values.runs);
const DURATION = wholeNumber("duration", values.duration);
const CONNECTIONS = wholeNumber("connections", values.connections);
const ONLY = new Set(values.only!.split(",").map((s) => s.trim()));
for (const k of ONLY) if (!SCENARIO_KEYS.split(",").includes(k)) throw new Error(`--only takes ${SCENARIO_KEYS}, not "${k}"`);
const CUSTOMERS = wholeNumber("customers", values.customers);
/** The data set's customers when not the seed's default: kept databases are named by both. */
const CUSTOMERS_TAG = CUSTOMERS === DEFAULT_SEED_OPTIONS.customers ? "" : `_c${CUSTOMERS}`;
const PG_URL = values["pg-url"];
/**
 * From this many orders on, a JSON-store write takes a second or more: ten queued behind each
 * other run past autocannon's timeout, so measure a few, one at a time.
 */
const SLOW_WRITES_FROM = 5_000;
const SLOW_WRITES = 4;
// The file-based servers must not pick up a database from the caller's environment.
delete process.env.DATABASE_URL;
const AGENT_ID = DEMO_ACCOUNTS.findIndex((a) => a.email === "agent@example.com") + 1;
const MANAGER_ID = DEMO_ACCOUNTS.findIndex((a) => a.email === "manager@example.com") + 1;

type Backend = "json" | "pg" | "bare";
const LABEL: Record<Backend, string> = { json: "ours, JSON store", pg: "ours, PostgreSQL", bare: "bare json-server" };

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Status codes other than 2xx, with their counts. */
  codes: string[];
}

interface Load {
  requests: autocannon.Request[];
  /** Before each run: what the last run's cut-off requests changed, read back. */
  beforeRun?(url: string, cookie: string): Promise<void>;
}

/** What a scenario knows of the data set and the server it loads. */
interface Target {
  backend: Backend;
  orders: number;
  url: string;
  /** The manager's session (bare json-server ignores it). */
  cookie: string;
  agentCookie: string;
  /** The session of a member of the custom role (scripts/lib/custom-role.ts), for scenarios that ask for it. */
  roleCookie: string;
}

interface Scenario {
  key: string;
  name: string;
  write: boolean;
  /** Loads as a member of the custom role, which is set up on the server first (not in bare json-server). */
  customRole?: boolean;
  /** Asks POST /api/graphql, which bare json-server has not: left out for it before it starts. */
  graphql?: boolean;
  /** null: the call does not exist in bare json-server. */
  load(t: Target): Load | null | Promise<Load | null>;
}

/**
 * Writes: PATCH a customer's notes with the version the client last saw, as the app does. Each
 * request takes a customer no other request has in flight, so no write is a VERSION_CONFLICT and
 * every one really writes. A run ends with requests in flight whose answers are never read: the
 * versions are read back before the next run.
 */
function patchLoad(): Load {
  const pool = Array.from({ length: Math.max(CONNECTIONS * 2, 20) }, (_, i) => ({ id: i + 1, version: 1, busy: false }));
  let n = 0;
  const requests: autocannon.Request[] = [
    {
      method: "PATCH",
      setupRequest(req) {
        const c = pool.find((p) => !p.busy) ?? pool[0];
        c.busy = true;
        return { ...req, path: `/api/customers/${c.id}`, body: JSON.stringify({ notes: `bench write ${n++}`, version: c.version }) };
      },
      onResponse(status, body) {
        try {
          const rec = JSON.parse(body) as { id?: number; version?: number; current?: { id: number; version: number } };
          const seen = status === 409 ? rec.current : rec;
          const c = pool.find((p) => p.id === seen?.id);
          if (c && seen?.version !== undefined) {
            // Bare json-server stores whatever version it is sent: only ours moves it on.
            c.version = seen.version;
            c.busy = false;
          }
        } catch {
          for (const p of pool) p.busy = false;
        }
      },
    },
  ];
  async function beforeRun(url: string, cookie: string) {
    for (const c of pool) {
      const res = await fetch(`${url}/api/customers/${c.id}`, { headers: { cookie } });
      c.version = ((await res.json()) as { version: number }).version;
      c.busy = false;
    }
  }
  return { requests, beforeRun };
}

/**
 * An order placement as the app makes one: create a draft (POST /api/orders), then place it
 * (POST /api/orders/:id/transitions), which checks and takes the stock. Before the runs a few
 * active products are stocked to the maximum so that no run sells out; each order takes one of
 * them, in turn, so placements contend on a product row as real ones would.
 */
function placeLoad(): Load {
  let products: number[] = [];
  let customers: number[] = [];
  let n = 0;
  const requests: autocannon.Request[] = [
    {
      method: "POST",
      path: "/api/orders",
      setupRequest(req, context) {
        const k = n++;
        context.orderId = undefined;
        return {
          ...req,
          body: JSON.stringify({
            customerId: customers[k % customers.length],
            assigneeId: MANAGER_ID,
            items: [{ productId: products[k % products.length], quantity: 1 }],
          }),
        };
      },
      onResponse(status, body, context) {
        if (status === 201) context.orderId = (JSON.parse(body) as { id: number }).id;
      },
    },
    {
      method: "POST",
      setupRequest(req, context) {
        // A create that failed leaves nothing to place: ask for a record that is not there (a 404 shows in the counts).
        return { ...req, path: `/api/orders/${(context.orderId as number | undefined) ?? 0}/transitions`, body: JSON.stringify({ to: "placed", version: 1 }) };
      },
    },
  ];
  async function beforeRun(url: string, cookie: string) {
    if (products.length) return;
    const get = async (p: string) => (await fetch(url + p, { headers: { cookie } })).json() as Promise<{ id: number; version: number }[]>;
    const active = await get("/api/products?status=active&_sort=id&_order=asc&_start=0&_end=5");
    for (const p of active) {
      const res = await fetch(`${url}/api/products/${p.id}`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ stock: 1_000_000, version: p.version }),
      });
      if (res.status !== 200) throw new Error(`stocking product ${p.id} for the placement bench: ${res.status} ${await res.text()}`);
    }
    products = active.map((p) => p.id);
    customers = (await get("/api/customers?_sort=id&_order=asc&_start=0&_end=20")).map((c) => c.id);
  }
  return { requests, beforeRun };
}

const get =
  (path: string, cookie?: "agent" | "role"): ((t: Target) => Load) =>
  (t) => ({
    requests: [{ method: "GET", path, ...(cookie ? { headers: { cookie: cookie === "agent" ? t.agentCookie : t.roleCookie } } : {}) }],
  });

const ORDERS_GQL = graphqlNames(getEntity("orders"));
const PAGE_ROWS = 20;

/** The names of the scalar fields of a GraphQL type the signed-in role may read, and of its object fields. */
async function gqlFields(url: string, cookie: string, type: string): Promise<{ scalars: string[]; objects: string[] }> {
  const res = await fetch(`${url}/api/graphql`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ query: `query($type: String!) { __type(name: $type) { fields { name type { kind ofType { kind } } } } }`, variables: { type } }),
  });
  const body = (await res.json()) as {
    data?: { __type: { fields: { name: string; type: { kind: string; ofType: { kind: string } | null } }[] } | null };
    errors?: unknown;
  };
  const fields = body.data?.__type?.fields;
  if (res.status !== 200 || !fields) throw new Error(`introspecting ${type}: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  const kind = (f: (typeof fields)[number]) => (f.type.kind === "NON_NULL" ? f.type.ofType?.kind : f.type.kind);
  return { scalars: fields.filter((f) => kind(f) === "SCALAR").map((f) => f.name), objects: fields.filter((f) => kind(f) === "OBJECT").map((f) => f.name) };
}

/** Notes said once per server and size (which fields a GraphQL scenario selects, and how they differ from REST's row). */
const gqlNotes = new Set<string>();

/**
 * The orders page over GraphQL, as the app's data provider asks for it: REST page's sort
 * (createdAt DESC) and rows, with totalCount, every readable field; `refs` adds each row's customer
 * and assignee. Sent once and checked first: a GraphQL error comes back as 200 with `errors`, which
 * autocannon would count as an answer.
 */
async function gqlPageLoad(t: Target, refs: boolean): Promise<Load> {
  const { scalars, objects } = await gqlFields(t.url, t.cookie, ORDERS_GQL.type);
  const refFields = refs ? ["customer", "assignee"] : [];
  for (const f of refFields)
    if (!objects.includes(f))
      throw new Error(`${ORDERS_GQL.type}.${f} is not in the schema the manager sees (it has ${objects.join(", ") || "no object fields"})`);
  const query =
    `query($paging: OffsetPaging, $sorting: [${ORDERS_GQL.type}Sort!]) { ${ORDERS_GQL.list}(paging: $paging, sorting: $sorting) ` +
    `{ totalCount nodes { ${[...scalars, ...refFields.map((f) => `${f} { id name }`)].join(" ")} } } }`;
  const body = JSON.stringify({ query, variables: { paging: { limit: PAGE_ROWS, offset: 0 }, sorting: [{ field: "createdAt", direction: "DESC" }] } });

  const once = await fetch(`${t.url}/api/graphql`, { method: "POST", headers: { cookie: t.cookie, "content-type": "application/json" }, body });
  const answer = (await once.json()) as { data?: Record<string, { totalCount: number; nodes: Record<string, unknown>[] }>; errors?: unknown };
  const page = answer.data?.[ORDERS_GQL.list];
  if (once.status !== 200 || answer.errors || !page || page.nodes.length !== Math.min(PAGE_ROWS, t.orders))
    throw new Error(`GraphQL orders page: ${once.status} ${JSON.stringify(answer.errors ?? answer).slice(0, 500)}`);
  const rest = await fetch(`${t.url}/api/orders?_start=0&_end=${PAGE_ROWS}`, { headers: { cookie: t.cookie } });
  const restRows = (await rest.json()) as Record<string, unknown>[];
  if (restRows[0]?.id !== page.nodes[0]?.id || rest.headers.get("x-total-count") !== String(page.totalCount))
    console.log(
      `  note: GraphQL's page differs from REST's (first id ${String(page.nodes[0]?.id)} vs ${String(restRows[0]?.id)}, count ${page.totalCount} vs ${rest.headers.get("x-total-count")})`,
    );
  const note = `${t.orders}/${t.backend}`;
  if (!gqlNotes.has(note)) {
    gqlNotes.add(note);
    // REST leaves out a field a row has no value for (a draft's placedAt): compare with every row's.
    const restKeys = new Set(restRows.flatMap((r) => Object.keys(r)));
    const onlyRest = [...restKeys].filter((k) => !scalars.includes(k));
    const unset = scalars.filter((k) => !restKeys.has(k));
    console.log(
      `  GraphQL selects the ${scalars.length} fields of ${ORDERS_GQL.type} the manager may read` +
        (onlyRest.length ? `; REST also answers ${onlyRest.join(", ")}` : "; REST answers no others") +
        (unset.length ? ` (not set on any row of REST's page: ${unset.join(", ")})` : ""),
    );
  }
  return { requests: [{ method: "POST", path: "/api/graphql", body }] };
}

const SCENARIOS: Scenario[] = [
  {
    key: "list",
    name: "sorted, filtered page: orders, status=paid by placedAt desc, rows 20–40",
    write: false,
    load: get("/api/orders?status=paid&_sort=placedAt&_order=desc&_start=20&_end=40"),
  },
  {
    key: "page",
    name: "default page: orders newest first, rows 0–20, with X-Total-Count",
    write: false,
    // Bare json-server has no default sort: ask for the same one.
    load: (t) => get(t.backend === "bare" ? "/api/orders?_sort=createdAt&_order=desc&_start=0&_end=20" : "/api/orders?_start=0&_end=20")(t),
  },
  {
    key: "gql-page",
    name: "GraphQL twin of page: orders(paging, sorting createdAt DESC) { totalCount nodes { every readable field } }",
    write: false,
    graphql: true,
    load: (t) => gqlPageLoad(t, false),
  },
  {
    key: "gql-page-refs",
    name: "gql-page, each row with customer { id name } assignee { id name } (DataLoader)",
    write: false,
    graphql: true,
    load: (t) => gqlPageLoad(t, true),
  },
  {
    key: "agent",
    name: "an agent's page: their own orders, newest first",
    write: false,
    load: (t) =>
      t.backend === "bare"
        ? get(`/api/orders?assigneeId=${AGENT_ID}&_sort=createdAt&_order=desc&_start=0&_end=20`)(t)
        : get("/api/orders?_start=0&_end=20", "agent")(t),
  },
  {
    key: "role-orders",
    name: `a custom role's page (${GOLD_DESK_KEY}: orders where assigneeId = $me), newest first, with X-Total-Count`,
    write: false,
    customRole: true,
    load: (t) => (t.backend === "bare" ? null : get("/api/orders?_start=0&_end=20", "role")(t)),
  },
  {
    key: "role-customers",
    name: `a custom role's customers (${GOLD_DESK_KEY}: tier = gold) by name, rows 0–20, with X-Total-Count`,
    write: false,
    customRole: true,
    load: (t) => (t.backend === "bare" ? null : get("/api/customers?_sort=name&_order=asc&_start=0&_end=20", "role")(t)),
  },
  {
    key: "search",
    name: "q search: orders, q=SO-00042",
    write: false,
    load: (t) => get(`/api/orders?q=SO-00042${t.backend === "bare" ? "&_sort=createdAt&_order=desc" : ""}&_start=0&_end=20`)(t),
  },
  { key: "record", name: "one record: GET /api/orders/:id", write: false, load: (t) => get(`/api/orders/${Math.max(1, t.orders >> 1)}`)(t) },
  {
    key: "dashboard",
    name: "the dashboard: GET /api/stats/dashboard",
    write: false,
    load: (t) => (t.backend === "bare" ? null : get("/api/stats/dashboard")(t)),
  },
  {
    key: "trash",
    name: "the trash's first page with its count: GET /api/trash",
    write: false,
    load: (t) => (t.backend === "bare" ? null : get("/api/trash?_start=0&_end=20")(t)),
  },
  { key: "write", name: "versioned write: PATCH /api/customers/:id with version", write: true, load: () => patchLoad() },
  {
    key: "place",
    name: "order placement: POST /api/orders, then its transition to placed",
    write: true,
    load: (t) => (t.backend === "bare" ? null : placeLoad()),
  },
];

async function run(url: string, cookie: string, { requests, beforeRun }: Load, oneByOne: boolean): Promise<Figures> {
  await beforeRun?.(url, cookie);
  const result = await autocannon({
    url,
    ...(oneByOne ? { connections: 1, amount: SLOW_WRITES * requests.length, timeout: 600 } : { connections: CONNECTIONS, duration: DURATION }),
    headers: { cookie, "content-type": "application/json" },
    requests,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    codes: Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${code}×${count}`),
  };
}

async function makeFile(dir: string, orders: number): Promise<string> {
  const file = path.join(dir, `orders-${orders}.json`);
  if (orders === DEFAULT_SEED_OPTIONS.orders && !CUSTOMERS_TAG && fs.existsSync(SEED_DB_FILE)) fs.copyFileSync(SEED_DB_FILE, file);
  else writeFileAtomic(file, serializeDbChunks(await generateDb({ orders, customers: CUSTOMERS })));
  return file;
}

/** A database holding the same data set: the server's migrations, then the COPY seed. */
/** A PostgreSQL server to measure on: a throwaway cluster, or the one --pg-url names (kept). */
interface PgServer {
  url(db?: string): string;
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  remove(): Promise<void>;
  /** Databases it keeps between runs. */
  keeps: boolean;
}

function existingServer(adminUrl: string): PgServer {
  const url = (db = "postgres") => Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();
  return {
    url,
    keeps: true,
    async createDatabase(name) {
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
      return url(name);
    },
    async dropDatabase(name) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
    async remove() {},
  };
}

/** The database of a data set: bench_<orders>, with _c<customers> when not the seed's default. */
const dbName = (orders: number) => `bench_${orders}${CUSTOMERS_TAG}`;

/**
 * How many orders bench_<orders> on a kept server was seeded with (its bench_seeded mark; the
 * write scenarios add orders after), -1 if unmarked, null when there is no such database.
 */
async function keptOrders(server: PgServer, orders: number): Promise<number | null> {
  const found = await adminQuery(server.url(), `SELECT 1 FROM pg_database WHERE datname = '${dbName(orders)}'`);
  if (!found.rowCount) return null;
  try {
    return Number((await adminQuery(server.url(dbName(orders)), "SELECT orders FROM bench_seeded")).rows[0].orders);
  } catch {
    return -1;
  }
}

async function makeDatabase(cluster: PgServer, orders: number): Promise<{ url: string; seedSeconds: number | null }> {
  if (cluster.keeps) {
    const n = await keptOrders(cluster, orders);
    if (n === orders) return { url: cluster.url(dbName(orders)), seedSeconds: null };
    if (n !== null) await cluster.dropDatabase(dbName(orders));
  }
  const url = await cluster.createDatabase(dbName(orders));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(pool);
    const client = await pool.connect();
    try {
      const result = await seedPostgres(client, { orders, customers: CUSTOMERS }, { log: (l) => console.log(l) });
      if (cluster.keeps) await client.query(`CREATE TABLE bench_seeded AS SELECT ${orders} AS orders`);
      return { url, seedSeconds: result.seconds.total };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "—");

async function main() {
  const dir = tempDir("switchboard-bench-api-");
  const servers: ChildServer[] = [];
  let cluster: PgServer | null = null;
  try {
    console.log(`bench:api on ${machine()}; ${RUNS} runs × ${DURATION} s × ${CONNECTIONS} connections per figure, medians`);
    console.log("(figures from a shared machine are noisy: compare ratios, not absolute times)\n");
    if (BACKENDS.has("pg")) {
      cluster = PG_URL ? existingServer(PG_URL) : { ...(await startCluster({ fsync: true })), keeps: false };
      const { rows } = await (async () => {
        const c = new pg.Client({ connectionString: cluster!.url() });
        await c.connect();
        try {
          return await c.query<{ v: string; fsync: string; sc: string }>(
            "SELECT version() AS v, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sc",
          );
        } finally {
          await c.end();
        }
      })();
      console.log(`PostgreSQL: ${rows[0].v.split(",")[0]}, fsync ${rows[0].fsync}, synchronous_commit ${rows[0].sc}\n`);
    }
    const table: string[] = ["| orders | request | server | p50 / p99 ms | req/s |", "|---:|---|---|---:|---:|"];
    const row = (l: string) => {
      table.push(l);
      console.log(l);
    };
    const roleMembers = new Set<string>();
    const ratios: string[] = [];
    for (const size of SIZES) {
      const backends = (["json", "pg", "bare"] as const).filter((b) => BACKENDS.has(b) && (b === "pg" || size <= FILE_MAX));
      if (!backends.length) continue;
      console.log(
        `\n${size.toLocaleString("en-US")} orders${CUSTOMERS_TAG ? `, ${CUSTOMERS.toLocaleString("en-US")} customers` : ""}: ${backends.map((b) => LABEL[b]).join(", ")}`,
      );
      const seedFile = backends.some((b) => b !== "pg") ? await makeFile(dir, size) : null;
      if (seedFile) console.log(`  data file ${(fs.statSync(seedFile).size / 2 ** 20).toFixed(1)} MB`);
      let database: string | null = null;
      if (backends.includes("pg")) {
        const made = await makeDatabase(cluster!, size);
        database = made.url;
        console.log(
          made.seedSeconds === null ? `  PostgreSQL: ${dbName(size)} as kept from an earlier run` : `  PostgreSQL seeded by COPY in ${made.seedSeconds} s`,
        );
      }
      /** p50 by scenario/backend at this size, for the GraphQL-to-REST ratios. */
      const p50s = new Map<string, number>();
      for (const scenario of SCENARIOS.filter((sc) => ONLY.has(sc.key))) {
        for (const backend of backends) {
          if ((scenario.customRole || scenario.graphql) && backend === "bare") continue; // no roles, no GraphQL in json-server
          // Fresh file copies for each scenario: writes grow no file for the next one. PostgreSQL
          // keeps its database (a few thousand written rows change nothing at these sizes).
          const file = path.join(dir, `${backend}.json`);
          if (seedFile) fs.copyFileSync(seedFile, file);
          const server = await spawnServer({
            dbFile: file,
            ...(backend === "bare" ? { args: ["--import", "tsx", "scripts/lib/bare-json-server.ts"] } : {}),
            ...(backend === "pg" ? { env: { DATABASE_URL: database! } } : {}),
            timeoutMs: 180_000,
          });
          servers.push(server);
          try {
            const cookie = backend === "bare" ? "" : await signIn(server.url);
            const agentCookie = backend === "bare" ? "" : await signIn(server.url, "agent@example.com");
            let roleCookie = "";
            if (scenario.customRole) {
              const member = await ensureGoldDesk(server.url, await signIn(server.url, "admin@example.com"));
              roleCookie = member.cookie;
              const seen = `${member.email} (id ${member.id}, ${member.made ? "moved onto the role now" : "a member already"}) sees ${fmt(member.orders)} orders, ${fmt(member.customers)} customers`;
              if (!roleMembers.has(`${size}/${backend}/${seen}`)) console.log(`  ${GOLD_DESK_KEY} on ${LABEL[backend]}: ${seen}`);
              roleMembers.add(`${size}/${backend}/${seen}`);
            }
            const target: Target = { backend, orders: size, url: server.url, cookie, agentCookie, roleCookie };
            const load = await scenario.load(target);
            if (!load) continue;
            const oneByOne = scenario.write && backend !== "pg" && size >= SLOW_WRITES_FROM;
            const figures: Figures[] = [];
            for (let i = 0; i < RUNS; i++) figures.push(await run(server.url, cookie, load, oneByOne));
            const m = (k: "p50" | "p99" | "rps") => median(figures.map((x) => x[k]));
            const codes = figures.flatMap((x) => x.codes);
            const errors = figures.reduce((s, x) => s + x.errors, 0);
            const bad = [...codes, ...(errors ? [`${errors} errors/timeouts`] : [])].join(" ");
            // autocannon counts only answered requests: none in a run means each took longer than the run.
            const figures_ =
              m("rps") === 0 && !oneByOne
                ? `none answered within ${DURATION} s | 0`
                : `${fmt(m("p50"))} / ${fmt(m("p99"))} | ${oneByOne ? "—" : fmt(m("rps"), 1)}`;
            if (!(m("rps") === 0 && !oneByOne)) p50s.set(`${scenario.key}/${backend}`, m("p50"));
            row(
              `| ${size.toLocaleString("en-US")} | ${scenario.name}${oneByOne ? ` (${SLOW_WRITES}, one at a time)` : ""} | ${LABEL[backend]} | ${figures_}${bad ? ` (not 2xx: ${bad})` : ""} |`,
            );
          } finally {
            await server.stop("SIGTERM");
          }
        }
      }
      for (const backend of backends)
        for (const key of ["gql-page", "gql-page-refs"]) {
          const rest = p50s.get(`page/${backend}`);
          const gql = p50s.get(`${key}/${backend}`);
          if (rest !== undefined && gql !== undefined)
            ratios.push(
              `${size.toLocaleString("en-US")} orders, ${LABEL[backend]}: ${key} p50 ${fmt(gql, 1)} ms / page p50 ${fmt(rest, 1)} ms = ${rest > 0 ? `${fmt(gql / rest, 2)}×` : "—"}`,
            );
        }
      if (seedFile) fs.rmSync(seedFile);
      if (database && !cluster!.keeps) await cluster!.dropDatabase(dbName(size));
    }
    console.log(`\n${table.join("\n")}`);
    if (ratios.length) console.log(`\nGraphQL against REST (p50; a page is ${PAGE_ROWS} rows):\n${ratios.map((r) => `  ${r}`).join("\n")}`);
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    await cluster?.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:api failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
