/**
 * Issue 3: customers, products and categories for every role, over real HTTP — what each role
 * sees and counts, what q / filters / sort / _like find, that an export's paging walks every
 * visible row exactly once, and that the hidden money fields exist nowhere for an agent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_ROWS } from "../../src/domain/constants";
import type { Row } from "../../src/server/db-shape";
import { expectError, staffId, startTestServer, type Client, type DemoRole, type TestServer } from "./helpers";

type Resource = "customers" | "products" | "categories";
const ROLES = ["admin", "manager", "agent", "auditor"] as const satisfies readonly DemoRole[];
const RESOURCES: Resource[] = ["customers", "products", "categories"];
const HIDDEN: Record<Resource, string[]> = { customers: ["creditLimit"], products: ["cost"], categories: [] };
const SEARCHED: Record<Resource, string[]> = {
  customers: ["name", "email", "phone", "company"],
  products: ["sku", "name", "description"],
  categories: ["name", "description"],
};

let s: TestServer;
const as = {} as Record<(typeof ROLES)[number], Client>;
let agentId: number;
beforeAll(async () => {
  s = await startTestServer();
  for (const role of ROLES) as[role] = await s.login(role);
  agentId = staffId(await s.readDb(), "agent");
});
afterAll(async () => {
  await s.close();
});

/** The rows of a resource this role may see, straight from the data file. */
const visible = async (role: (typeof ROLES)[number], resource: Resource): Promise<Row[]> => {
  const rows = (await s.readDb())[resource];
  return role === "agent" && resource === "customers" ? rows.filter((r) => r.ownerId === agentId) : rows;
};
const hiddenFor = (role: string, resource: Resource) => (role === "agent" ? HIDDEN[resource] : []);
const total = (res: { headers: Headers }) => Number(res.headers.get("x-total-count"));

/** Every page of a list, as an export walks it: the largest page the API allows, until the total. */
async function walk(c: Client, resource: Resource, query: string) {
  const rows: Row[] = [];
  let count = Infinity;
  for (let start = 0; start < count; start += MAX_PAGE_ROWS) {
    const res = await c.get(`/api/${resource}?${query}&_start=${start}&_end=${start + MAX_PAGE_ROWS}`);
    expect(res.status, res.text).toBe(200);
    count = total(res);
    rows.push(...(res.body as Row[]));
  }
  return { rows, count };
}

describe.each(ROLES)("%s", (role) => {
  it.each(RESOURCES)("%s: counts, pages and fields are the visible rows', exactly", async (resource) => {
    const expected = await visible(role, resource);
    const { rows, count } = await walk(as[role], resource, "_sort=id&_order=asc");
    expect(count).toBe(expected.length);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    for (const row of rows) for (const f of hiddenFor(role, resource)) expect(row).not.toHaveProperty(f);
    if (!hiddenFor(role, resource).length && resource !== "categories") expect(rows[0]).toHaveProperty(HIDDEN[resource][0]);
  });

  it.each(RESOURCES)("%s: q finds a fragment in any searched field it may read, case-insensitively", async (resource) => {
    const rows = await visible(role, resource);
    const pick = rows[Math.floor(rows.length / 2)];
    // A fragment from the middle of the name, upper-cased: no prefix or case luck.
    const fragment = String(pick.name).slice(1, 5).toUpperCase();
    const res = await as[role].get(`/api/${resource}?q=${encodeURIComponent(fragment)}&_end=100`);
    const want = rows.filter((r) =>
      SEARCHED[resource].some((f) =>
        String(r[f] ?? "")
          .toLowerCase()
          .includes(fragment.toLowerCase()),
      ),
    );
    expect(total(res)).toBe(want.length);
    expect(res.body.map((r: Row) => r.id)).toContain(pick.id);
  });
});

describe("customers as an operator finds them", () => {
  it("by a fragment of email or company, for a manager across all, for an agent in their own", async () => {
    const db = await s.readDb();
    const withCompany = db.customers.find((c) => c.company && c.ownerId !== agentId)!;
    const fragment = String(withCompany.company).slice(0, 4).toLowerCase();
    const mine = await as.manager.get(`/api/customers?q=${encodeURIComponent(fragment)}&_end=100`);
    expect(mine.body.map((r: Row) => r.id)).toContain(withCompany.id);
    const agents = await as.agent.get(`/api/customers?q=${encodeURIComponent(fragment)}&_end=100`);
    expect(agents.body.every((r: Row) => r.ownerId === agentId)).toBe(true);
    expect(agents.body.map((r: Row) => r.id)).not.toContain(withCompany.id);

    const byEmail = String(withCompany.email).split("@")[0].slice(-5);
    expect((await as.manager.get(`/api/customers?q=${encodeURIComponent(byEmail)}`)).body.map((r: Row) => r.id)).toContain(withCompany.id);
  });

  it("filters: tier (repeated = any of), owner, credit limit range, and _like, counted after the filters", async () => {
    const db = await s.readDb();
    const res = await as.manager.get(`/api/customers?tier=gold&tier=silver&ownerId=${agentId}&creditLimit_gte=100000&_end=100`);
    const want = db.customers.filter((c) => ["gold", "silver"].includes(c.tier as string) && c.ownerId === agentId && (c.creditLimit as number) >= 100000);
    expect(total(res)).toBe(want.length);
    expect(want.length).toBeGreaterThan(0);
    const like = await as.agent.get("/api/customers?email_like=EXAMPLE.COM&_end=100");
    expect(total(like)).toBe((await visible("agent", "customers")).filter((c) => String(c.email).includes("example.com")).length);
    expect(total(like)).toBeGreaterThan(0);
  });

  it("sorts on every column it shows, in either direction", async () => {
    for (const [field, numeric] of [
      ["name", false],
      ["tier", false],
      ["creditLimit", true],
      ["ownerId", true],
      ["createdAt", false],
    ] as const) {
      for (const order of ["asc", "desc"]) {
        const { rows } = await walk(as.manager, "customers", `_sort=${field}&_order=${order}`);
        const values = rows.map((r) => r[field]).filter((v) => v !== undefined);
        const sorted = [...values].sort((a, b) =>
          numeric ? Number(a) - Number(b) : String(a).toLowerCase() < String(b).toLowerCase() ? -1 : String(a).toLowerCase() > String(b).toLowerCase() ? 1 : 0,
        );
        if (order === "desc") sorted.reverse();
        expect(values, `${field} ${order}`).toEqual(sorted);
      }
    }
  });
});

describe("products as an operator finds them", () => {
  it("filters on status, category and a price range; sorts by price", async () => {
    const db = await s.readDb();
    const category = db.categories[0].id;
    const { rows, count } = await walk(as.agent, "products", `status=active&categoryId=${category}&price_gte=1000&price_lte=500000&_sort=price&_order=desc`);
    const want = db.products.filter((p) => p.status === "active" && p.categoryId === category && (p.price as number) >= 1000 && (p.price as number) <= 500000);
    expect(count).toBe(want.length);
    expect(rows.map((r) => r.price)).toEqual(want.map((p) => p.price).sort((a, b) => Number(b) - Number(a)));
    expect(rows.every((r) => !("cost" in r))).toBe(true);
  });
});

describe("hidden fields do not exist for an agent", () => {
  it.each([
    ["customers", "creditLimit"],
    ["products", "cost"],
  ] as const)("%s.%s: not a filter, a range, a _like, a sort, nor found by q", async (resource, field) => {
    for (const q of [
      `${field}=1`,
      `${field}_ne=1`,
      `${field}_gte=0`,
      `${field}_lte=1`,
      `${field}_like=1`,
      `_sort=${field}`,
      `_sort=id,${field}&_order=asc,desc`,
    ]) {
      expectError(await as.agent.get(`/api/${resource}?${q}`), 400, "BAD_QUERY");
    }
    // A value that only the hidden field holds finds nothing.
    const db = await s.readDb();
    const rows = await visible("agent", resource);
    const secret = rows
      .map((r) => String(r[field]))
      .find((v) => v.length >= 4 && !rows.some((r) => SEARCHED[resource].some((f) => String(r[f] ?? "").includes(v))));
    expect(secret, "a value found only in the hidden field").toBeDefined();
    expect(total(await as.agent.get(`/api/${resource}?q=${secret}`))).toBe(0);
    expect(db[resource].length).toBeGreaterThan(0);
  });

  it("a write of them is refused and changes nothing; a manager may write them", async () => {
    const product = (await s.readDb()).products[0];
    // Agents change no product at all (customers' creditLimit: FORBIDDEN_FIELD, in agent-rows.test.ts).
    expectError(await as.agent.patch(`/api/products/${product.id}`, { cost: 1, version: product.version }), 403, "FORBIDDEN");
    expect((await s.readDb()).products[0].cost).toBe(product.cost);
    const res = await as.manager.patch(`/api/products/${product.id}`, { cost: (product.cost as number) + 1, version: product.version });
    expect(res.status, res.text).toBe(200);
    expect(res.body.cost).toBe((product.cost as number) + 1);
    // The conflict answer's `current` is stripped for its reader too.
    const own = (await visible("agent", "customers"))[0];
    const conflict = await as.agent.patch(`/api/customers/${own.id}`, { notes: "stale", version: (own.version as number) - 1 || 999 });
    expectError(conflict, 409, "VERSION_CONFLICT");
    expect(conflict.body.current).not.toHaveProperty("creditLimit");
    expect(conflict.body.current.id).toBe(own.id);
  });
});

describe("writes per role", () => {
  it.each(RESOURCES)("%s: an auditor changes nothing; an agent creates only customers", async (resource) => {
    const row = (await s.readDb())[resource][0];
    expectError(await as.auditor.post(`/api/${resource}`, { name: "Nope Nope" }), 403, "FORBIDDEN");
    expectError(await as.auditor.patch(`/api/${resource}/${row.id}`, { name: "Nope Nope", version: row.version }), 403, "FORBIDDEN");
    expectError(await as.auditor.del(`/api/${resource}/${row.id}`), 403, "FORBIDDEN");
    if (resource !== "customers") {
      expectError(await as.agent.post(`/api/${resource}`, { name: "Nope Nope" }), 403, "FORBIDDEN");
      expectError(await as.agent.del(`/api/${resource}/${row.id}`), 403, "FORBIDDEN");
    }
  });

  it("sku is unique, case-insensitively, on create and on update, as a field error", async () => {
    const [a, b] = (await s.readDb()).products;
    const body = { sku: String(a.sku), name: "Copy Cat", categoryId: a.categoryId, price: 100, cost: 50, stock: 1 };
    const res = await as.manager.post("/api/products", body);
    expectError(res, 409, "DUPLICATE");
    expect(Object.keys(res.body.errors)).toEqual(["sku"]);
    const upd = await as.admin.patch(`/api/products/${b.id}`, { sku: a.sku, version: b.version });
    expectError(upd, 409, "DUPLICATE");
    expect(upd.body.errors).toHaveProperty("sku");
    const lower = await as.manager.post("/api/products", { ...body, sku: String(a.sku).toLowerCase() });
    // Lower case is not a valid sku at all: the pattern speaks first.
    expectError(lower, 422, "VALIDATION_FAILED");
    expect(lower.body.errors).toHaveProperty("sku");
  });

  it("a category name is unique too; its delete is REFERENCED while products point at it, with the count in the message", async () => {
    const db = await s.readDb();
    const cat = db.categories[1];
    const dup = await as.manager.post("/api/categories", { name: String(cat.name).toUpperCase() });
    expectError(dup, 409, "DUPLICATE");
    expect(dup.body.errors).toHaveProperty("name");
    const n = db.products.filter((p) => p.categoryId === cat.id).length;
    const del = await as.manager.del(`/api/categories/${cat.id}`);
    expectError(del, 409, "REFERENCED");
    expect(del.body.counts).toEqual({ products: n });
    expect(del.body.message).toContain(`${n} products`);
    expect((await s.readDb()).categories.some((c) => c.id === cat.id)).toBe(true);
  });

  it("REFERENCED says how many, in words that agree with the number", async () => {
    const db = await s.readDb();
    const perCustomer = new Map<number, number>();
    for (const o of db.orders) perCustomer.set(o.customerId as number, (perCustomer.get(o.customerId as number) ?? 0) + 1);
    const one = [...perCustomer].find(([, n]) => n === 1)!;
    const many = [...perCustomer].find(([, n]) => n > 1)!;
    expect((await as.manager.del(`/api/customers/${one[0]}`)).body.message).toContain("1 order points at it. Nothing was deleted.");
    expect((await as.manager.del(`/api/customers/${many[0]}`)).body.message).toContain(`${many[1]} orders point at it. Nothing was deleted.`);
  });

  it("product status: draft → active → archived → active, and no other move", async () => {
    const create = await as.manager.post("/api/products", {
      sku: "TRANS-0001",
      name: "Transit",
      categoryId: (await s.readDb()).categories[0].id,
      price: 100,
      cost: 50,
      stock: 1,
    });
    expect(create.status, create.text).toBe(201);
    let p = create.body;
    const step = (status: string) => as.manager.patch(`/api/products/${p.id}`, { status, version: p.version });
    for (const [to, ok] of [
      ["archived", false],
      ["active", true],
      ["draft", false],
      ["archived", true],
      ["draft", false],
      ["active", true],
    ] as const) {
      const res = await step(to);
      if (ok) {
        expect(res.status, `${p.status} → ${to}: ${res.text}`).toBe(200);
        p = res.body;
      } else {
        expectError(res, 422, "INVALID_TRANSITION");
        expect(res.body.errors).toHaveProperty("status");
      }
    }
    expect(p.status).toBe("active");
  });
});
