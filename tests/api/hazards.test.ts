/**
 * ARCHITECTURE.md "The backend": each hazard measured on bare json-server 0.17.4, one test each
 * proving our layer closes it.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestServer, type Client, type TestServer } from "./helpers";

let s: TestServer;
let manager: Client;
beforeAll(async () => {
  s = await startTestServer();
  manager = await s.login("manager");
});
afterAll(async () => {
  await s.close();
});

describe("json-server's hazards are closed", () => {
  it("/db (and /api/db) does not dump the database", async () => {
    for (const path of ["/api/db", "/db", "/api/credentials", "/api/sessions", "/api/loginFailures", "/api/counters"]) {
      const res = await manager.get(path);
      expectError(res, 404, "NOT_FOUND");
      expect(res.text).not.toMatch(/scrypt|sessions"/);
    }
  });

  it("?callback= is refused (no JSONP)", async () => {
    const res = await manager.get("/api/customers?callback=steal");
    expectError(res, 400, "BAD_QUERY");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.text.startsWith("steal")).toBe(false);
  });

  it("_embed and _expand are refused", async () => {
    expectError(await manager.get("/api/customers?_embed=orders"), 400, "BAD_QUERY");
    expectError(await manager.get("/api/orders?_expand=customer"), 400, "BAD_QUERY");
  });

  it("X-HTTP-Method-Override: DELETE on a POST does not delete (nor does _method)", async () => {
    const cat = (await manager.post("/api/categories", { name: "Override target" })).body;
    const res = await manager.request("POST", `/api/categories/${cat.id}`, { json: {}, headers: { "x-http-method-override": "DELETE" } });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    const viaQuery = await manager.request("POST", `/api/categories/${cat.id}?_method=DELETE`, { json: {} });
    expectError(viaQuery, 405, "METHOD_NOT_ALLOWED");
    expect((await manager.get(`/api/categories/${cat.id}`)).status).toBe(200);
    expect((await s.readDb()).categories.some((c) => c.id === cat.id)).toBe(true);
  });

  it("a query string on a call that lists nothing is refused, not carried along", async () => {
    const cat = (await s.readDb()).categories[0];
    expectError(await manager.get(`/api/categories/${cat.id}?callback=steal`), 400, "BAD_QUERY");
    expectError(await manager.get(`/api/categories/${cat.id}?_embed=products`), 400, "BAD_QUERY");
    expectError(await manager.get("/api/auth/me?callback=steal"), 400, "BAD_QUERY");
    expectError(await manager.post("/api/categories?_method=DELETE", { name: "Method override" }), 400, "BAD_QUERY");
    expect((await s.readDb()).categories.some((c) => c.name === "Method override")).toBe(false);
  });

  it("_delay is refused", async () => {
    const t = Date.now();
    expectError(await manager.get("/api/customers?_delay=5000"), 400, "BAD_QUERY");
    expect(Date.now() - t).toBeLessThan(2000);
  });

  it("form-encoded and text/plain bodies are refused with 415", async () => {
    const before = await s.readRaw();
    expectError(
      await manager.request("POST", "/api/categories", { body: "name=Form+cat", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(
      await manager.request("POST", "/api/categories", { body: '{"name":"Text cat"}', headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(await manager.request("POST", "/api/categories", { body: '{"name":"No type"}' }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect((await s.readRaw()).equals(before)).toBe(true);
  });

  it("an array body is refused (and a scalar one)", async () => {
    expectError(await manager.post("/api/categories", [{ name: "Array cat" }]), 400, "BAD_REQUEST");
    expectError(await manager.post("/api/categories", "Just a string"), 400, "BAD_REQUEST");
    expectError(await manager.post("/api/categories", null), 400, "BAD_REQUEST");
  });

  it("a client-chosen id is refused, and a duplicate id cannot happen", async () => {
    const existing = (await s.readDb()).categories[0];
    const res = await manager.post("/api/categories", { id: existing.id, name: "Same id" });
    expectError(res, 403, "FORBIDDEN_FIELD");
    expect(res.body.errors).toHaveProperty("id");
    const ids = (await s.readDb()).categories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a 200 kB body is refused with 413", async () => {
    const res = await manager.post("/api/categories", { name: "Huge", description: "x".repeat(200 * 1024) });
    expectError(res, 413, "PAYLOAD_TOO_LARGE");
    // Sent without a Content-Length (chunked), the streamed size is counted instead.
    const big = "x".repeat(200 * 1024);
    const chunked = await fetch(`${s.url}/api/categories`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `sb_session=${manager.cookie}` },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`{"name":"Streamed","description":"${big}"}`));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("malformed JSON is a 400, not a 500", async () => {
    for (const body of ["{", '{"name": }', "{'name': 'x'}", "\u0000"]) {
      expectError(await manager.request("POST", "/api/categories", { body, headers: { "content-type": "application/json" } }), 400, "BAD_REQUEST");
    }
  });

  it("name_like=( is a literal, not a broken regular expression", async () => {
    const res = await manager.get("/api/customers?name_like=(");
    expect(res.status).toBe(200);
    const expected = (await s.readDb()).customers.filter((c) => String(c.name).includes("(")).length;
    expect(Number(res.headers.get("x-total-count"))).toBe(expected);
    // And it finds the literal when there is one.
    const cat = (await manager.post("/api/categories", { name: "Paren (literal)" })).body;
    const found = await manager.get("/api/categories?name_like=(LIT");
    expect(found.body.map((c: { id: number }) => c.id)).toEqual([cat.id]);
  });

  it("name_like=(.*){12}z answers at once, as a literal", async () => {
    const t = Date.now();
    const res = await manager.get(`/api/customers?name_like=${encodeURIComponent("(.*){12}z")}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(Date.now() - t).toBeLessThan(1000);
  });

  it("a repeated _sort is a 400, not a 500", async () => {
    expectError(await manager.get("/api/customers?_sort=name&_sort=email"), 400, "BAD_QUERY");
  });

  it("a filter on a field that does not exist is refused, not ignored", async () => {
    expectError(await manager.get("/api/customers?nosuchfield=1"), 400, "BAD_QUERY");
    expectError(await manager.get("/api/customers?nosuchfield_like=a"), 400, "BAD_QUERY");
  });

  it("DELETE of a record others point at is REFERENCED and removes nothing (no cascade)", async () => {
    const db = await s.readDb();
    const customer = db.customers.find((c) => db.orders.some((o) => o.customerId === c.id))!;
    const res = await manager.del(`/api/customers/${customer.id}`);
    expectError(res, 409, "REFERENCED");
    expect(res.body.counts).toEqual({ orders: db.orders.filter((o) => o.customerId === customer.id).length });
    expect(res.body.message).toMatch(/order/);
    const after = await s.readDb();
    expect(after.customers.length).toBe(db.customers.length);
    expect(after.orders.length).toBe(db.orders.length);
  });

  it("a 404 DELETE leaves the file byte-identical, mtime unchanged", async () => {
    // A fresh session: its sign-in is written before the snapshot is taken.
    const fresh = await s.login("manager");
    const before = await s.readRaw();
    const mtime = fs.statSync(s.dbFile).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expectError(await fresh.del("/api/customers/987654"), 404, "NOT_FOUND");
    expectError(await fresh.del("/api/customers/not-a-number"), 404, "NOT_FOUND");
    expect((await s.readRaw()).equals(before)).toBe(true);
    expect(fs.statSync(s.dbFile).mtimeMs).toBe(mtime);
  });

  it("writes leave a valid, complete data file and no temporary files", async () => {
    for (let i = 0; i < 10; i++) expect((await manager.post("/api/categories", { name: `Atomic ${i}` })).status).toBe(201);
    const db = await s.readDb(); // parses, or the test fails
    expect(db.categories.filter((c) => String(c.name).startsWith("Atomic ")).length).toBe(10);
    expect(fs.readdirSync(s.dir)).toEqual(["db.json"]);
  });

  it("CORS: a foreign Origin gets no Access-Control-Allow-Origin, and no preflight answer", async () => {
    const res = await manager.get("/api/customers", { headers: { origin: "http://evil.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await manager.request("OPTIONS", "/api/customers", {
      headers: { origin: "http://evil.example", "access-control-request-method": "DELETE" },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
  });
});
