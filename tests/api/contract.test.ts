/**
 * The simple-rest contract side by side: our server on each of its stores, and bare
 * json-server 0.17.4 on a copy of the same data. Where the contract is the same, the answers must
 * be the same (as an admin on our side, who sees every field). Where we deliberately differ,
 * a test named "differs: …" asserts both behaviours, so the difference is a documented choice
 * and not an accident (docs/decisions/001).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, tempDir, type ChildServer } from "../../scripts/lib/child-server";
import { Client, expectError, onPostgres, seedText, startTestServer, type ApiResponse, type Body } from "./helpers";

interface Ours {
  url: string;
  /** Signed in as the admin, who may read every field. */
  admin: Client;
  close(): Promise<void>;
}

/**
 * Our server on each store it has. startTestServer is on the JSON store in project "api" and on
 * PostgreSQL in project "api-pg" (tests/api/helpers.ts); another store is one more entry here:
 * the same data, an admin client, a way to stop it.
 */
const BACKENDS: { name: string; start(): Promise<Ours> }[] = [
  {
    name: onPostgres ? "PostgreSQL store" : "JSON store",
    async start() {
      const s = await startTestServer();
      return { url: s.url, admin: await s.login("admin"), close: () => s.close() };
    },
  },
];

let bare: ChildServer;
let bareClient: Client;
let seed: Body;

beforeAll(async () => {
  const text = await seedText();
  seed = JSON.parse(text);
  const file = path.join(tempDir("switchboard-contract-"), "db.json");
  fs.writeFileSync(file, text);
  bare = await spawnServer({ dbFile: file, args: ["--import", "tsx", "scripts/lib/bare-json-server.ts"] });
  bareClient = new Client(bare.url);
});
afterAll(async () => {
  await bare?.stop();
});

const total = (res: ApiResponse) => res.headers.get("x-total-count");
const ids = (res: ApiResponse) => (res.body as { id: number }[]).map((r) => r.id);

describe.each(BACKENDS)("simple-rest contract: ours on the $name and bare json-server 0.17.4", (backend) => {
  let ours: Ours;
  beforeAll(async () => {
    ours = await backend.start();
  });
  afterAll(async () => {
    await ours?.close();
  });

  /** The same GET on both: the same status, rows and X-Total-Count. */
  async function same(url: string) {
    const [a, b] = await Promise.all([ours.admin.get(`/api${url}`), bareClient.get(`/api${url}`)]);
    expect(a.status, `${url} ours: ${a.text.slice(0, 200)}`).toBe(200);
    expect(b.status, `${url} bare: ${b.text.slice(0, 200)}`).toBe(200);
    expect(a.body).toEqual(b.body);
    if (Array.isArray(a.body)) expect(total(a)).toBe(total(b));
    return a;
  }

  describe("the same answers", () => {
    it("lists a page sorted by one field, with X-Total-Count of everything that matched", async () => {
      const res = await same("/orders?_sort=total&_order=desc&_start=0&_end=20");
      expect(res.body).toHaveLength(20);
      expect(Number(total(res))).toBe(seed.orders.length);
      const totals = (res.body as { total: number }[]).map((o) => o.total);
      expect(totals).toEqual([...totals].sort((x, y) => y - x));
    });

    it("pages with _start/_end through the same sorted list", async () => {
      const pages = [];
      for (const [s, e] of [
        [0, 10],
        [10, 20],
        [40, 60],
        [590, 610],
      ])
        pages.push(ids(await same(`/orders?_sort=createdAt&_order=asc&_start=${s}&_end=${e}`)));
      expect(pages[0]).toHaveLength(10);
      expect(new Set(pages.flat()).size).toBe(pages.flat().length);
      // Past the end: what is left.
      expect(pages[3]).toHaveLength(Math.max(0, seed.orders.length - 590));
    });

    it("sorts by text", async () => {
      await same("/customers?_sort=name&_order=asc&_start=0&_end=100");
      await same("/products?_sort=name&_order=desc&_start=0&_end=100");
    });

    it("sorts by several fields, each with its own direction", async () => {
      const res = await same("/customers?_sort=tier,creditLimit,id&_order=asc,desc,asc&_start=0&_end=100");
      const rows = res.body as { tier: string; creditLimit: number }[];
      for (let i = 1; i < rows.length; i++) {
        const [p, c] = [rows[i - 1], rows[i]];
        expect(p.tier <= c.tier).toBe(true);
        if (p.tier === c.tier) expect(p.creditLimit >= c.creditLimit).toBe(true);
      }
    });

    it("filters by equality; a repeated field is any of its values", async () => {
      const paid = await same("/orders?status=paid&_sort=id&_order=asc&_start=0&_end=100");
      expect(Number(total(paid))).toBe(seed.orders.filter((o: Body) => o.status === "paid").length);
      expect((paid.body as Body[]).every((o) => o.status === "paid")).toBe(true);
      const either = await same("/orders?status=paid&status=shipped&_sort=id&_order=asc&_start=0&_end=100");
      expect(Number(total(either))).toBe(seed.orders.filter((o: Body) => o.status === "paid" || o.status === "shipped").length);
      // Numbers, references and booleans by their value.
      await same(`/orders?customerId=${seed.orders[0].customerId}&_sort=id&_order=asc&_start=0&_end=100`);
      await same("/staff?active=false&_sort=id&_order=asc&_start=0&_end=100");
      await same(`/orders?total=${seed.orders[0].total}&_sort=id&_order=asc&_start=0&_end=100`);
    });

    it("filters with _ne, _gte and _lte, on numbers and dates", async () => {
      const ne = await same("/orders?status_ne=delivered&_sort=id&_order=asc&_start=0&_end=100");
      expect(Number(total(ne))).toBe(seed.orders.filter((o: Body) => o.status !== "delivered").length);
      const range = await same("/orders?total_gte=100000&total_lte=500000&_sort=total&_order=asc&_start=0&_end=100");
      expect((range.body as Body[]).every((o) => o.total >= 100000 && o.total <= 500000)).toBe(true);
      expect(Number(total(range))).toBe(seed.orders.filter((o: Body) => o.total >= 100000 && o.total <= 500000).length);
      const since = "2026-10-01T00:00:00.000Z";
      const dates = await same(`/orders?createdAt_gte=${since}&createdAt_lte=2026-10-31T23:59:59.999Z&_sort=createdAt&_order=desc&_start=0&_end=100`);
      expect(Number(total(dates))).toBeGreaterThan(0);
      await same("/products?stock_lte=10&_sort=stock&_order=asc&_start=0&_end=100");
    });

    it("filters with _like as a case-insensitive substring (plain letters and digits)", async () => {
      const res = await same("/customers?name_like=AN&_sort=id&_order=asc&_start=0&_end=100");
      expect(Number(total(res))).toBe(seed.customers.filter((c: Body) => c.name.toLowerCase().includes("an")).length);
      await same("/orders?number_like=SO-0001&_sort=id&_order=asc&_start=0&_end=100");
    });

    it("searches with q where the text is only in searched fields", async () => {
      const byNumber = await same("/orders?q=so-00012&_sort=id&_order=asc&_start=0&_end=100");
      expect(ids(byNumber).length).toBeGreaterThan(0);
      const byEmail = await same("/customers?q=EXAMPLE.NET&_sort=id&_order=asc&_start=0&_end=100");
      expect(Number(total(byEmail))).toBe(seed.customers.filter((c: Body) => c.email.includes("example.net")).length);
    });

    it("combines filters, q, sort and page", async () => {
      await same("/orders?status=delivered&total_gte=50000&q=so-0002&_sort=total,id&_order=desc,asc&_start=5&_end=15");
    });

    it("gets one record by id, every field as stored", async () => {
      // Not the admin: signing in moves their lastLoginAt.
      for (const url of ["/orders/1", `/customers/${seed.customers[4].id}`, "/staff/2", "/products/3", "/categories/2"]) {
        const res = await same(url);
        expect(res.body.id).toBe(Number(url.split("/")[2]));
      }
      const stored = seed.orders[0];
      expect((await ours.admin.get("/api/orders/1")).body).toEqual(stored);
    });

    it("answers 404 for a record that does not exist", async () => {
      expect((await ours.admin.get("/api/orders/999999")).status).toBe(404);
      expect((await bareClient.get("/api/orders/999999")).status).toBe(404);
    });

    it("creates with POST (201, the record with a new id), changes with PATCH, deletes with DELETE", async () => {
      const fields = { name: `Contract ${backend.name}`, description: "Made by the contract suite." };
      const [a, b] = await Promise.all([ours.admin.post("/api/categories", fields), bareClient.post("/api/categories", fields)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      for (const res of [a, b]) {
        expect(res.body).toMatchObject(fields);
        expect(Number.isSafeInteger(res.body.id)).toBe(true);
        expect(seed.categories.some((c: Body) => c.id === res.body.id)).toBe(false);
      }
      const [ga, gb] = await Promise.all([ours.admin.get(`/api/categories/${a.body.id}`), bareClient.get(`/api/categories/${b.body.id}`)]);
      expect(ga.body).toMatchObject(fields);
      expect(gb.body).toMatchObject(fields);

      const change = { description: "Changed by the contract suite." };
      const [pa, pb] = await Promise.all([
        ours.admin.patch(`/api/categories/${a.body.id}`, { ...change, version: a.body.version }),
        bareClient.patch(`/api/categories/${b.body.id}`, change),
      ]);
      expect([pa.status, pb.status]).toEqual([200, 200]);
      for (const res of [pa, pb]) expect(res.body).toMatchObject({ ...fields, ...change });
      expect((await ours.admin.get(`/api/categories/${a.body.id}`)).body).toMatchObject(change);
      expect((await bareClient.get(`/api/categories/${b.body.id}`)).body).toMatchObject(change);

      const [da, db] = await Promise.all([ours.admin.del(`/api/categories/${a.body.id}`), bareClient.del(`/api/categories/${b.body.id}`)]);
      expect([da.status, db.status]).toEqual([200, 200]);
      expect((await ours.admin.get(`/api/categories/${a.body.id}`)).status).toBe(404);
      expect((await bareClient.get(`/api/categories/${b.body.id}`)).status).toBe(404);
    });
  });

  describe("where we deliberately differ", () => {
    it("differs: _like is a literal substring here, a regular expression in json-server", async () => {
      const a = await ours.admin.get("/api/customers?name_like=^a&_start=0&_end=100");
      const b = await bareClient.get("/api/customers?name_like=^a&_start=0&_end=100");
      expect(a.status).toBe(200);
      expect(a.body).toEqual([]); // no name holds the two characters "^a"
      expect(total(a)).toBe("0");
      expect(Number(total(b))).toBe(seed.customers.filter((c: Body) => /^a/i.test(c.name)).length);
      expect(Number(total(b))).toBeGreaterThan(0);
      // Text that is not a valid pattern: an empty answer here, a 500 with a stack there.
      const bracket = await ours.admin.get("/api/customers?name_like=(&_start=0&_end=10");
      expect(bracket.status).toBe(200);
      expect(bracket.body).toEqual([]);
      expect((await bareClient.get("/api/customers?name_like=(&_start=0&_end=10")).status).toBe(500);
    });

    it("differs: q searches only the definition's search fields here, every field (deeply) in json-server", async () => {
      // "gold" is a tier, not searched: json-server finds every gold customer, we only names, emails,
      // phones and companies that contain it.
      const a = await ours.admin.get("/api/customers?q=gold&_start=0&_end=100");
      const b = await bareClient.get("/api/customers?q=gold&_start=0&_end=100");
      const searched = (c: Body) => [c.name, c.email, c.phone, c.company].some((v) => v && String(v).toLowerCase().includes("gold"));
      expect(Number(total(a))).toBe(seed.customers.filter(searched).length);
      expect((a.body as Body[]).every(searched)).toBe(true);
      expect(Number(total(b))).toBeGreaterThanOrEqual(seed.customers.filter((c: Body) => c.tier === "gold").length);
      expect(Number(total(b))).toBeGreaterThan(Number(total(a)));
    });

    it("differs: q finds orders by their customer's name here (a searched reference), not in json-server", async () => {
      const customer = seed.customers.find((c: Body) => seed.orders.some((o: Body) => o.customerId === c.id));
      const q = encodeURIComponent(customer.name);
      const a = await ours.admin.get(`/api/orders?q=${q}&_start=0&_end=100`);
      const b = await bareClient.get(`/api/orders?q=${q}&_start=0&_end=100`);
      expect(ids(a)).toContain(seed.orders.find((o: Body) => o.customerId === customer.id).id);
      expect(b.body).toEqual([]);
    });

    it("differs: DELETE of a referenced record is refused (REFERENCED) here; json-server deletes it and cascades", async () => {
      const category = { name: "Cascade check", description: "A category with one product." };
      const product = { sku: "CASC-001", name: "Cascade product", price: 1000, cost: 500, stock: 1, status: "draft", description: "Points at its category." };
      const ca = await ours.admin.post("/api/categories", category);
      const cb = await bareClient.post("/api/categories", category);
      const pa = await ours.admin.post("/api/products", { ...product, categoryId: ca.body.id });
      const pb = await bareClient.post("/api/products", { ...product, categoryId: cb.body.id });
      expect([ca.status, cb.status, pa.status, pb.status]).toEqual([201, 201, 201, 201]);

      const da = await ours.admin.del(`/api/categories/${ca.body.id}`);
      expectError(da, 409, "REFERENCED");
      expect((await ours.admin.get(`/api/categories/${ca.body.id}`)).status).toBe(200);
      expect((await ours.admin.get(`/api/products/${pa.body.id}`)).status).toBe(200);

      expect((await bareClient.del(`/api/categories/${cb.body.id}`)).status).toBe(200);
      expect((await bareClient.get(`/api/categories/${cb.body.id}`)).status).toBe(404);
      // The product went with it, silently.
      expect((await bareClient.get(`/api/products/${pb.body.id}`)).status).toBe(404);
    });

    it("differs: an unknown filter field is 400 BAD_QUERY here; json-server ignores it and lists everything", async () => {
      const a = await ours.admin.get("/api/orders?colour=red&_start=0&_end=10");
      expectError(a, 400, "BAD_QUERY");
      const b = await bareClient.get("/api/orders?colour=red&_start=0&_end=10");
      expect(b.status).toBe(200);
      expect(Number(total(b))).toBe(seed.orders.length);
      // With an operator, json-server filters on the missing field and finds nothing.
      expectError(await ours.admin.get("/api/orders?colour_like=red&_start=0&_end=10"), 400, "BAD_QUERY");
      const bl = await bareClient.get("/api/orders?colour_like=red&_start=0&_end=10");
      expect(bl.body).toEqual([]);
    });

    it("differs: a client-sent id, version or createdAt is refused here; json-server stores what it is sent", async () => {
      for (const extra of [{ id: 990001 }, { version: 7 }, { createdAt: "2001-01-01T00:00:00.000Z" }]) {
        const body = { name: `Client-set ${Object.keys(extra)[0]}`, ...extra };
        expectError(await ours.admin.post("/api/categories", body), 403, "FORBIDDEN_FIELD");
        const b = await bareClient.post("/api/categories", body);
        expect(b.status).toBe(201);
        expect(b.body).toMatchObject(extra);
      }
      expect((await ours.admin.get("/api/categories/990001")).status).toBe(404);
      expect((await bareClient.get("/api/categories/990001")).status).toBe(200);
    });

    it("differs: version, createdAt and updatedAt are set by the server here; json-server has none", async () => {
      const fields = { name: "Server-set fields", description: "First." };
      const a = await ours.admin.post("/api/categories", fields);
      const b = await bareClient.post("/api/categories", fields);
      expect(a.body).toMatchObject({ version: 1, createdAt: expect.any(String), updatedAt: a.body.createdAt });
      expect(b.body).not.toHaveProperty("version");
      expect(b.body).not.toHaveProperty("createdAt");

      const pa = await ours.admin.patch(`/api/categories/${a.body.id}`, { description: "Second.", version: 1 });
      expect(pa.body.version).toBe(2);
      expect(Date.parse(pa.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(a.body.updatedAt));
      // A stale version is a conflict here, and overwrites there.
      expectError(await ours.admin.patch(`/api/categories/${a.body.id}`, { description: "Third.", version: 1 }), 409, "VERSION_CONFLICT");
      const pb = await bareClient.patch(`/api/categories/${b.body.id}`, { description: "Second.", version: 1 });
      expect(pb.status).toBe(200);
      expect(pb.body).toMatchObject({ description: "Second.", version: 1 });
      expect(pb.body).not.toHaveProperty("updatedAt");
    });

    it("differs: writes are validated here (422 VALIDATION_FAILED); json-server stores anything", async () => {
      expectError(await ours.admin.post("/api/categories", { name: "" }), 422, "VALIDATION_FAILED");
      const b = await bareClient.post("/api/categories", { name: "", colour: 42 });
      expect(b.status).toBe(201);
      expect(b.body).toMatchObject({ name: "", colour: 42 });
    });

    it("differs: without _end we answer the default page of 20 with X-Total-Count; json-server answers every row and no count", async () => {
      const a = await ours.admin.get("/api/orders?_sort=id&_order=asc");
      const b = await bareClient.get("/api/orders?_sort=id&_order=asc");
      expect(a.body).toHaveLength(20);
      expect(Number(total(a))).toBe(seed.orders.length);
      expect(b.body).toHaveLength(seed.orders.length);
      expect(total(b)).toBeNull();
      expect(b.body.slice(0, 20)).toEqual(a.body);
    });

    it("differs: without _sort we use the definition's default sort (orders newest first); json-server the file's order", async () => {
      const a = await ours.admin.get("/api/orders?_start=0&_end=5");
      const b = await bareClient.get("/api/orders?_start=0&_end=5");
      const newest = [...seed.orders].sort((x: Body, y: Body) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : x.id - y.id));
      expect(ids(a)).toEqual(newest.slice(0, 5).map((o: Body) => o.id));
      expect(ids(b)).toEqual(seed.orders.slice(0, 5).map((o: Body) => o.id));
    });

    it("differs: rows without a value sort last in both directions here; json-server puts them first when descending", async () => {
      const url = "/api/orders?_sort=paidAt,id&_order=desc,asc&_start=0&_end=5";
      const a = await ours.admin.get(url);
      const b = await bareClient.get(url);
      expect(Number(total(a))).toBe(Number(total(b)));
      expect((a.body as Body[]).every((o) => o.paidAt)).toBe(true);
      expect((b.body as Body[]).every((o) => !o.paidAt)).toBe(true);
    });

    it("differs: text sorts case-insensitively here; json-server by code unit (capitals first)", async () => {
      // Products: their names need not be unique, so two may differ only in case.
      for (const [i, name] of ["beta case-sort", "Alpha case-sort", "alpha case-sort", "Beta case-sort"].entries()) {
        const product = { sku: `CASE-00${i}`, name, categoryId: 1, price: 1000, cost: 500, stock: 1, status: "draft", description: "Sorted by name." };
        expect((await ours.admin.post("/api/products", product)).status).toBe(201);
        expect((await bareClient.post("/api/products", product)).status).toBe(201);
      }
      const url = "/api/products?name_like=case-sort&_sort=name&_order=asc&_start=0&_end=10";
      const names = (res: ApiResponse) => (res.body as Body[]).map((c) => c.name);
      // Equal but for case: the exact text decides, capitals first, so the order is stable.
      expect(names(await ours.admin.get(url))).toEqual(["Alpha case-sort", "alpha case-sort", "Beta case-sort", "beta case-sort"]);
      expect(names(await bareClient.get(url))).toEqual(["Alpha case-sort", "Beta case-sort", "alpha case-sort", "beta case-sort"]);
    });

    it("differs: errors carry the catalogue's body here; json-server answers 404 with {}", async () => {
      expectError(await ours.admin.get("/api/orders/999999"), 404, "NOT_FOUND");
      const b = await bareClient.get("/api/orders/999999");
      expect(b.body).toEqual({});
    });

    it("differs: a NUL character is refused alike on every store (400 in a query, 422 in a write); json-server matches nothing and stores it", async () => {
      for (const url of ["/api/customers?name_like=a%00b", "/api/customers?q=a%00", "/api/customers?email=x%00@example.com", "/api/customers?name%00=x"])
        expectError(await ours.admin.get(url), 400, "BAD_QUERY");
      const write = await ours.admin.post("/api/categories", { name: "Nul\u0000category" });
      expectError(write, 422, "VALIDATION_FAILED");
      expect(write.body.errors.name).toEqual(["Must not hold a NUL character"]);
      const b = await bareClient.get("/api/customers?name_like=a%00b");
      expect(b.status).toBe(200);
      expect(b.body).toEqual([]);
    });

    it("differs: credentials and sessions are never routed here; json-server serves every collection in the file", async () => {
      expectError(await ours.admin.get("/api/credentials"), 404, "NOT_FOUND");
      const b = await bareClient.get("/api/credentials");
      expect(b.status).toBe(200);
      expect(b.body[0]).toHaveProperty("hash");
    });
  });
});
