/** The list contract of @refinedev/simple-rest: paging, sorting, filters, search, X-Total-Count. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS } from "../../src/domain/constants";
import type { Row } from "../../src/server/db-shape";
import { expectError, startTestServer, type Client, type TestServer } from "./helpers";

let s: TestServer;
let manager: Client;
beforeAll(async () => {
  s = await startTestServer();
  manager = await s.login("manager");
  // Enough products for paging whatever the data set: add some with known names and prices.
  for (let i = 0; i < 25; i++) {
    const res = await manager.post("/api/products", {
      sku: `QZX-${String(i).padStart(3, "0")}`,
      name: `Query Widget ${i % 5}`,
      categoryId: (await s.readDb()).categories[i % 2].id,
      price: [9, 80, 100, 1000, 10000][i % 5],
      cost: 1,
      stock: i,
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await s.close();
});

const ids = (rows: Row[]) => rows.map((r) => r.id);
const total = (res: { headers: Headers }) => Number(res.headers.get("x-total-count"));

describe("paging", () => {
  it("without _end: the first DEFAULT_PAGE_SIZE rows, with X-Total-Count exposed", async () => {
    const res = await manager.get("/api/products");
    expect(res.body.length).toBe(Math.min(DEFAULT_PAGE_SIZE, (await s.readDb()).products.length));
    expect(total(res)).toBe((await s.readDb()).products.length);
    expect(res.headers.get("access-control-expose-headers")).toBe("X-Total-Count");
  });

  it("pages are stable and join up into the whole sorted list", async () => {
    const all = (await manager.get("/api/products?_start=0&_end=100&_sort=price&_order=asc")).body;
    const p1 = (await manager.get("/api/products?_start=0&_end=10&_sort=price&_order=asc")).body;
    const p2 = (await manager.get("/api/products?_start=10&_end=20&_sort=price&_order=asc")).body;
    expect([...ids(p1), ...ids(p2)]).toEqual(ids(all).slice(0, 20));
    expect((await manager.get("/api/products?_start=100000&_end=100010")).body).toEqual([]);
  });

  it("getMany's ?id=…&id=… without a page answers every id it names (up to MAX_PAGE_ROWS)", async () => {
    const wanted = (await s.readDb()).products.slice(0, DEFAULT_PAGE_SIZE + 10).map((p) => p.id);
    const res = await manager.get(`/api/products?${wanted.map((id) => `id=${id}`).join("&")}`);
    expect(ids(res.body).sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
  });

  it("more than MAX_PAGE_ROWS, negative or non-integer bounds are BAD_QUERY", async () => {
    expect((await manager.get(`/api/products?_start=0&_end=${MAX_PAGE_ROWS}`)).status).toBe(200);
    for (const q of [`_start=0&_end=${MAX_PAGE_ROWS + 1}`, "_start=-1&_end=5", "_start=0&_end=2.5", "_start=a", "_start=10&_end=5", "_end=1e3"]) {
      expectError(await manager.get(`/api/products?${q}`), 400, "BAD_QUERY");
    }
  });

  it("repeated single-valued keys are BAD_QUERY", async () => {
    for (const q of [
      "_start=0&_start=1",
      "_end=5&_end=6",
      "_order=asc&_order=desc&_sort=name",
      "q=a&q=b",
      "name_like=a&name_like=b",
      "price_gte=1&price_gte=2",
    ]) {
      expectError(await manager.get(`/api/products?${q}`), 400, "BAD_QUERY");
    }
  });

  it("unknown keys are BAD_QUERY, json-server's and qs's alike", async () => {
    for (const q of ["_page=1", "_limit=5", "_embed=orders", "_expand=category", "callback=x", "_delay=1", "name[like]=x", "_like=x", "=x"]) {
      expectError(await manager.get(`/api/products?${q}`), 400, "BAD_QUERY");
    }
  });
});

describe("sorting", () => {
  it("default sort is the definition's, id breaking ties", async () => {
    const res = (await manager.get("/api/products?_end=100&name_like=Query Widget")).body as Row[];
    const expected = [...res].sort((a, b) => String(a.name).localeCompare(String(b.name)) || a.id - b.id);
    expect(ids(res)).toEqual(ids(expected));
  });

  it("numbers sort numerically, several keys in order, either direction", async () => {
    const res = (await manager.get("/api/products?_end=100&sku_like=QZX-&_sort=price,stock&_order=desc,asc")).body as Row[];
    const expected = [...res].sort((a, b) => (b.price as number) - (a.price as number) || (a.stock as number) - (b.stock as number));
    expect(ids(res)).toEqual(ids(expected));
    expect(res[0].price).toBe(10000);
  });

  it("bad sorts are BAD_QUERY", async () => {
    for (const q of ["_sort=nope", "_sort=name&_order=up", "_sort=name,price&_order=asc,desc,asc", "_order=asc", "_sort=name,name", "_sort=items"]) {
      expectError(await manager.get(`/api/products?${q}`), 400, "BAD_QUERY");
    }
  });
});

describe("filters", () => {
  it("field= (repeated means OR), _ne, _gte/_lte compared as numbers", async () => {
    const all = (await s.readDb()).products;
    const count = (pred: (p: Row) => boolean) => all.filter(pred).length;
    expect(total(await manager.get("/api/products?price=100"))).toBe(count((p) => p.price === 100));
    expect(total(await manager.get("/api/products?price=100&price=9"))).toBe(count((p) => p.price === 100 || p.price === 9));
    expect(total(await manager.get("/api/products?price_ne=100"))).toBe(count((p) => p.price !== 100));
    // Compared as strings, "80" >= "100" and "9" >= "1000"; as numbers they are not.
    expect(total(await manager.get("/api/products?price_gte=100&sku_like=QZX-"))).toBe(
      count((p) => (p.price as number) >= 100 && String(p.sku).includes("QZX-")),
    );
    expect(total(await manager.get("/api/products?price_gte=80&price_lte=1000&sku_like=QZX-"))).toBe(15);
    const category = (await s.readDb()).categories[0].id;
    expect(total(await manager.get(`/api/products?categoryId=${category}`))).toBe(count((p) => p.categoryId === category));
  });

  it("booleans take true/false; numbers a number; dates a date", async () => {
    const staff = (await s.readDb()).staff;
    expect(total(await manager.get("/api/staff?active=true"))).toBe(staff.filter((x) => x.active === true).length);
    expect(total(await manager.get("/api/staff?active=false"))).toBe(staff.filter((x) => x.active === false).length);
    expectError(await manager.get("/api/staff?active=yes"), 400, "BAD_QUERY");
    expectError(await manager.get("/api/products?price=cheap"), 400, "BAD_QUERY");
    expectError(await manager.get("/api/products?createdAt_gte=yesterday"), 400, "BAD_QUERY");
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(total(await manager.get(`/api/products?createdAt_gte=${since}`))).toBe(25);
    expect(total(await manager.get("/api/products?createdAt_lte=2000-01-01"))).toBe(0);
  });

  it("_like is a case-insensitive literal substring", async () => {
    expect(total(await manager.get("/api/products?name_like=qUERY wIDGET 3"))).toBe(5);
    expect(total(await manager.get("/api/products?name_like=Widget.3"))).toBe(0);
    expect(total(await manager.get("/api/products?name_like=%5EQuery"))).toBe(0); // ^Query
    expectError(await manager.get("/api/products?price_like=1"), 400, "BAD_QUERY");
  });

  it("q searches the definition's searchable fields, case-insensitively", async () => {
    expect(total(await manager.get("/api/products?q=qzx-00"))).toBe(10); // sku QZX-000…QZX-009
    expect(total(await manager.get("/api/products?q=query widget"))).toBe(25);
    // price is not searchable
    expect(total(await manager.get("/api/products?q=10000&sku_like=QZX-"))).toBe(0);
    const customer = (await s.readDb()).customers[0];
    const res = await manager.get(`/api/customers?q=${encodeURIComponent(String(customer.email).toUpperCase())}`);
    expect(ids(res.body)).toContain(customer.id);
  });

  it("filters combine with AND, and the count follows them", async () => {
    const res = await manager.get("/api/products?name_like=widget&price=9&stock_gte=10&_end=100");
    expect(res.body.every((p: Row) => p.price === 9 && (p.stock as number) >= 10)).toBe(true);
    expect(total(res)).toBe(res.body.length);
    expect(total(res)).toBe(3); // stock 10, 15, 20
  });
});
