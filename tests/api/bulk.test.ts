/**
 * Work in bulk, over HTTP on both stores: importing a spreadsheet (dry run, all or nothing, skip
 * the invalid rows, upsert by id or unique key, references by label, the importer's rules per
 * row, every bad file), editing selected records (per-row outcomes, every bad request) and saved
 * views with the preferences that follow a person to any browser.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../src/domain/constants";
import type { RunningServer } from "../../src/server/start";
import { Client, demoEmail, expectError, makeDataDir, startServerOn, type Body, type DemoRole } from "./helpers";
import { Stream } from "./sse";

let server: RunningServer;
let dir: string;
const as: Partial<Record<DemoRole, Client>> = {};
const ids: Partial<Record<DemoRole, number>> = {};
beforeAll(async () => {
  const data = await makeDataDir();
  dir = data.dir;
  server = await startServerOn(data.dbFile);
  for (const role of ["admin", "manager", "agent", "agent2", "auditor"] as const) {
    const c = new Client(server.url);
    const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
    if (res.status !== 200) throw new Error(`login ${role}: ${res.status}`);
    as[role] = c;
    ids[role] = res.body.user.id;
  }
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const c = (role: DemoRole) => as[role]!;

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

const CSV = "text/csv";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const importFile = (role: DemoRole, resource: string, body: string | Uint8Array<ArrayBuffer>, query = "", type = CSV) =>
  c(role).request("POST", `/api/${resource}/import${query ? `?${query}` : ""}`, { body, headers: { "content-type": type } });

const findCustomer = async (email: string) => (await c("admin").get(`/api/customers?email=${encodeURIComponent(email)}`)).body[0] as Body | undefined;
const customersCount = async () => Number((await c("admin").get("/api/customers?_end=1")).headers.get("x-total-count"));

describe("import: the report", () => {
  it("a dry run reports each row's outcome and writes nothing", async () => {
    const n = unique();
    const before = await customersCount();
    const csv = `Name,Email,Tier,Credit limit,Owner\nAda ${n},ada-${n}@example.com,Gold,12.50,agent@example.com\nBad ${n},not-an-email,gold,1,agent@example.com\n`;
    const res = await importFile("manager", "customers", csv, "dryRun=true");
    expect(res.status).toBe(200);
    expect(res.body.dryRun).toBe(true);
    expect(res.body.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 1 });
    expect(res.body.columns.map((col: Body) => col.field)).toEqual(["name", "email", "tier", "creditLimit", "ownerId"]);
    expect(res.body.rows[0]).toMatchObject({
      row: 2,
      action: "create",
      changes: { tier: { to: "gold" }, creditLimit: { to: 1250 }, ownerId: { to: ids.agent } },
    });
    expect(res.body.rows[1]).toMatchObject({ row: 3, action: "error", errors: { email: [expect.stringMatching(/email/i)] } });
    expect(await customersCount()).toBe(before);
    expect(await findCustomer(`ada-${n}@example.com`)).toBeUndefined();
  });

  it("a real import with a bad row writes nothing (422, the same report); with skipInvalid the good rows go in", async () => {
    const n = unique();
    const csv = `name,email,tier,owner\nOne ${n},one-${n}@example.com,silver,manager@example.com\nTwo ${n},two-${n}@example.com,platinum,manager@example.com\nThree ${n},three-${n}@example.com,standard,${ids.agent}\n`;
    const refused = await importFile("manager", "customers", csv);
    expectError(refused, 422, "VALIDATION_FAILED");
    expect(refused.body.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    expect(refused.body.rows[1]).toMatchObject({ row: 3, action: "error", errors: { tier: [expect.any(String)] } });
    expect(await findCustomer(`one-${n}@example.com`)).toBeUndefined();

    const done = await importFile("manager", "customers", csv, "skipInvalid=true");
    expect(done.status).toBe(200);
    expect(done.body.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    const one = await findCustomer(`one-${n}@example.com`);
    expect(one).toMatchObject({ name: `One ${n}`, tier: "silver", ownerId: ids.manager });
    expect(await findCustomer(`three-${n}@example.com`)).toMatchObject({ ownerId: ids.agent });
    expect(done.body.rows[0]).toMatchObject({ action: "create", id: one.id });
    expect(await findCustomer(`two-${n}@example.com`)).toBeUndefined();
  });

  it("a row the pipeline refuses (an inactive owner) undoes the rows written before it", async () => {
    const n = unique();
    const before = await customersCount();
    const csv = `name,email,owner\nFirst ${n},first-${n}@example.com,agent@example.com\nSecond ${n},second-${n}@example.com,former@example.com\n`;
    const res = await importFile("manager", "customers", csv);
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.rows[0]).toMatchObject({ row: 2, action: "create" });
    expect(res.body.rows[1]).toMatchObject({ row: 3, action: "error", errors: { ownerId: [expect.any(String)] } });
    expect(await findCustomer(`first-${n}@example.com`)).toBeUndefined();
    expect(await customersCount()).toBe(before);
    expect((await c("admin").get(`/api/audit-events?importId=${res.body.importId}`)).body).toEqual([]);
  });

  it("updates by id or by unique key (only the columns present), and says unchanged when nothing differs", async () => {
    const n = unique();
    const made = await c("manager").post("/api/customers", {
      name: `Keyed ${n}`,
      email: `keyed-${n}@example.com`,
      tier: "standard",
      creditLimit: 500,
      ownerId: ids.agent,
      notes: "kept",
    });
    expect(made.status).toBe(201);
    const byKey = await importFile("manager", "customers", `Email,Tier\nKEYED-${n}@example.com,gold\n`);
    expect(byKey.body.rows[0]).toMatchObject({ action: "update", id: made.body.id, changes: { tier: { from: "standard", to: "gold" } } });
    const byId = await importFile("manager", "customers", `ID,Credit limit\n${made.body.id},7.00\n`);
    expect(byId.body.rows[0]).toMatchObject({ action: "update", id: made.body.id, changes: { creditLimit: { from: 500, to: 700 } } });
    const after = (await c("manager").get(`/api/customers/${made.body.id}`)).body;
    expect(after).toMatchObject({ tier: "gold", creditLimit: 700, notes: "kept", name: `Keyed ${n}`, version: 3 });
    const again = await importFile("manager", "customers", `Email,Tier\nkeyed-${n}@example.com,gold\n`);
    expect(again.body.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
    expect((await c("manager").get(`/api/customers/${made.body.id}`)).body.version).toBe(3);
    const missing = await importFile("manager", "customers", `id,tier\n999999,gold\n`, "dryRun=true");
    expect(missing.body.rows[0]).toMatchObject({ action: "error", errors: { id: [expect.any(String)] } });
  });

  it("audits every written row with the import's id, and live feeds carry each", async () => {
    const n = unique();
    const stream = await Stream.open(c("manager"));
    try {
      const res = await importFile("manager", "categories", `Name,Description\nImported A ${n},x\nImported B ${n},y\n`);
      expect(res.status).toBe(200);
      const events = (await c("admin").get(`/api/audit-events?importId=${res.body.importId}`)).body;
      expect(events).toHaveLength(2);
      expect(events.every((e: Body) => e.action === "create" && e.resource === "categories" && e.actorId === ids.manager)).toBe(true);
      const seen = await stream.until((e) => e.resource === "categories" && e.id === res.body.rows[1].id, "the second imported category");
      expect(seen.filter((e) => e.resource === "categories" && e.action === "create").map((e) => e.id)).toEqual(
        expect.arrayContaining(res.body.rows.map((r: Body) => r.id)),
      );
    } finally {
      stream.close();
    }
  });

  it("matches headers by label in either language and references by label; an ambiguous label is the row's error", async () => {
    const n = unique();
    const twin = { name: `Twin ${n}`, role: "agent", active: true, password: "a long and fine password 42" };
    for (const k of [1, 2]) expect((await c("admin").post("/api/staff", { ...twin, email: `twin${k}-${n}@example.com` })).status).toBe(201);
    const csv = `Nombre;Correo electrónico;Nivel;Límite de crédito;Propietario\nEs ${n};es-${n}@example.com;Oro;12,50;Alan Agent\nTw ${n};tw-${n}@example.com;Plata;1;Twin ${n}\n`;
    const res = await importFile("manager", "customers", csv, "dryRun=true");
    expect(res.status).toBe(200);
    expect(res.body.rows[0]).toMatchObject({ action: "create", changes: { tier: { to: "gold" }, creditLimit: { to: 1250 }, ownerId: { to: ids.agent } } });
    expect(res.body.rows[1]).toMatchObject({ action: "error", errors: { ownerId: [expect.stringMatching(/names 2 staff/)] } });
  });

  it("a product's category by name; unknown columns are ignored and listed; server-managed ones too", async () => {
    const n = unique();
    const csv = `SKU,Name,Category,Price,Cost,Stock,Colour,Created\nIMP-${n.toUpperCase()},Imported ${n},Audio,19.99,5.00,3,red,2020-01-01\n`;
    const res = await importFile("manager", "products", csv, "dryRun=true");
    expect(res.status).toBe(200);
    expect(res.body.rows[0]).toMatchObject({ action: "create", changes: { categoryId: { to: 1 }, price: { to: 1999 } } });
    expect(res.body.ignored.map((i: Body) => i.header)).toEqual(["Colour", "Created"]);
  });

  it("an agent imports only their own customers, without the fields their role may not write", async () => {
    const n = unique();
    const own = await importFile("agent", "customers", `name,email\nMine ${n},mine-${n}@example.com\n`);
    expect(own.status).toBe(200);
    expect(await findCustomer(`mine-${n}@example.com`)).toMatchObject({ ownerId: ids.agent });
    const res = await importFile(
      "agent",
      "customers",
      `name,email,owner,credit limit\nNot ${n},not-${n}@example.com,agent2@example.com,\nCap ${n},cap-${n}@example.com,,5\n`,
      "dryRun=true",
    );
    expect(res.body.rows[0]).toMatchObject({ action: "error", errors: { ownerId: [expect.any(String)] } });
    expect(res.body.rows[1]).toMatchObject({ action: "error", errors: { creditLimit: ["You may not write this field"] } });
    // Another agent's customer is not theirs to update: by key it is a taken email, not an update.
    const theirs = await importFile("agent2", "customers", `email,tier\nmine-${n}@example.com,gold\n`, "dryRun=true");
    expect(theirs.body.rows[0].action).toBe("error");
    expect((await findCustomer(`mine-${n}@example.com`)).tier).toBe("standard");
  });

  it("the auditor may not import at all", async () => {
    expectError(await importFile("auditor", "customers", "name,email\nx,y@example.com\n"), 403, "FORBIDDEN");
  });

  it("reads an .xlsx workbook", async () => {
    const n = unique();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Customers");
    ws.addRow(["Name", "Email", "Credit limit", "Tier", "Owner ID"]);
    ws.addRow([`Sheet ${n}`, `sheet-${n}@example.com`, 42.5, "silver", ids.agent]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const res = await importFile("manager", "customers", bytes, "", XLSX);
    expect(res.status).toBe(200);
    expect(await findCustomer(`sheet-${n}@example.com`)).toMatchObject({ name: `Sheet ${n}`, creditLimit: 4250, tier: "silver" });
  });

  it("the importer can choose each column's field (columns=)", async () => {
    const n = unique();
    const res = await importFile(
      "manager",
      "customers",
      `A,B,C,D\nCol ${n},col-${n}@example.com,whatever,${ids.agent}\n`,
      "dryRun=true&columns=name,email,,ownerId",
    );
    expect(res.status).toBe(200);
    expect(res.body.columns).toEqual([
      { header: "A", field: "name" },
      { header: "B", field: "email" },
      { header: "C", field: null },
      { header: "D", field: "ownerId" },
    ]);
    expect(res.body.rows[0].action).toBe("create");
    expectError(await importFile("manager", "customers", `A,B\nx,y\n`, "dryRun=true&columns=name,version"), 422, "VALIDATION_FAILED");
  });
});

describe("import: bad files, each a clear answer and nothing written", () => {
  const refused = async (body: string | Uint8Array<ArrayBuffer>, status: number, code: string, type = CSV) => {
    const before = await customersCount();
    const res = await importFile("manager", "customers", body, "", type);
    expectError(res, status, code);
    expect(await customersCount()).toBe(before);
    return res;
  };

  it("empty, binary, an image, a zip sent as CSV", async () => {
    expect((await refused("", 422, "VALIDATION_FAILED")).body.errors.file).toBeTruthy();
    await refused(new Uint8Array([0, 1, 2, 3, 0, 0, 255, 254]), 422, "VALIDATION_FAILED");
    await refused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 422, "VALIDATION_FAILED");
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), 422, "VALIDATION_FAILED");
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), 422, "VALIDATION_FAILED", XLSX);
  });

  it("another content type is 415; gzip too", async () => {
    await refused("name\nx\n", 415, "UNSUPPORTED_MEDIA_TYPE", "application/json");
    await refused("name\nx\n", 415, "UNSUPPORTED_MEDIA_TYPE", "image/png");
  });

  it("duplicate headers; no header that names a field", async () => {
    const dup = await refused("Name,Email,name\nx,y@example.com,z\n", 422, "VALIDATION_FAILED");
    expect(dup.body.errors.file[0]).toMatch(/name/i);
    await refused("Colour,Size\nred,xl\n", 422, "VALIDATION_FAILED");
  });

  it(`more than ${IMPORT_MAX_ROWS} rows is refused; ${IMPORT_MAX_ROWS} are read`, async () => {
    const rows = (count: number) => `name,email\n${Array.from({ length: count }, (_, i) => `R${i},r${i}@example.com`).join("\n")}\n`;
    expect((await refused(rows(IMPORT_MAX_ROWS + 1), 422, "VALIDATION_FAILED")).body.errors.file[0]).toMatch(/10,000/);
    const ok = await importFile("manager", "customers", rows(IMPORT_MAX_ROWS), "dryRun=true");
    expect(ok.status).toBe(200);
    expect(ok.body.rows).toHaveLength(IMPORT_MAX_ROWS);
  });

  it("5 MB + 1 byte is 413, refused from its length before it is read", async () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61);
    await refused(big, 413, "PAYLOAD_TOO_LARGE");
  });

  it("a BOM, ; separators, CRLF, quoted newlines", async () => {
    const n = unique();
    const text = `\uFEFFname;email;notes;owner\r\nSemi ${n};semi-${n}@example.com;"two\r\nlines; quoted";${ids.agent}\r\n`;
    const res = await importFile("manager", "customers", text);
    expect(res.status).toBe(200);
    expect(await findCustomer(`semi-${n}@example.com`)).toMatchObject({ name: `Semi ${n}`, notes: "two\r\nlines; quoted" });
  });

  it("a formula stays text, and our export's guard comes off", async () => {
    const n = unique();
    const res = await importFile(
      "manager",
      "customers",
      `name,email,company,owner\n"=HYPERLINK(""http://evil"",""x"")",f-${n}@example.com,'=1+1,${ids.agent}\n`,
    );
    expect(res.status).toBe(200);
    expect(await findCustomer(`f-${n}@example.com`)).toMatchObject({ name: '=HYPERLINK("http://evil","x")', company: "=1+1" });
  });

  it("the same key twice in one file: the later row is refused", async () => {
    const n = unique();
    const res = await importFile("manager", "customers", `name,email\nA ${n},d-${n}@example.com\nB ${n},D-${n}@example.com\n`, "dryRun=true");
    expect(res.body.rows[1]).toMatchObject({ action: "error", errors: { email: ["The same email as row 2"] } });
  });

  it("a bad query is refused", async () => {
    expectError(await importFile("manager", "customers", "name\nx\n", "dryRun=maybe"), 400, "BAD_QUERY");
    expectError(await importFile("manager", "customers", "name\nx\n", "_embed=orders"), 400, "BAD_QUERY");
  });
});

describe("edit selected: PATCH /api/<resource>", () => {
  const three = async (role: DemoRole) => {
    const n = unique();
    const out: Body[] = [];
    for (const k of [1, 2, 3])
      out.push(
        (await c(role).post("/api/customers", { name: `Bulk ${k} ${n}`, email: `bulk${k}-${n}@example.com`, tier: "standard", ownerId: ids.agent })).body,
      );
    return out;
  };

  it("changes each row through its own checks and says how each went", async () => {
    const rows = await three("manager");
    const stream = await Stream.open(c("manager"));
    try {
      const res = await c("manager").patch("/api/customers", { ids: [...rows.map((r) => r.id), 999999], changes: { tier: "gold" } });
      expect(res.status).toBe(200);
      expect(res.body.results.slice(0, 3).map((r: Body) => [r.status, r.record.tier, r.record.version])).toEqual([
        [200, "gold", 2],
        [200, "gold", 2],
        [200, "gold", 2],
      ]);
      expect(res.body.results[3]).toMatchObject({ id: 999999, status: 404, code: "NOT_FOUND" });
      for (const r of rows) await stream.until((e) => e.resource === "customers" && e.id === r.id && e.action === "update", `customer ${r.id} updated`);
    } finally {
      stream.close();
    }
    const events = (await c("admin").get(`/api/audit-events?resource=customers&recordId=${rows[0].id}&action=update`)).body;
    expect(events[0].changes).toEqual({ tier: { from: "standard", to: "gold" } });
  });

  it("refuses per row what the role may not do to that row, and writes the rest", async () => {
    const mine = (await c("agent").post("/api/customers", { name: `Own ${unique()}`, email: `own-${unique()}@example.com` })).body;
    const theirs = (await c("agent2").post("/api/customers", { name: `Theirs ${unique()}`, email: `theirs-${unique()}@example.com` })).body;
    const res = await c("agent").patch("/api/customers", { ids: [mine.id, theirs.id], changes: { tier: "silver" } });
    expect(res.body.results[0]).toMatchObject({ id: mine.id, status: 200, record: { tier: "silver" } });
    expect(res.body.results[1]).toMatchObject({ id: theirs.id, status: 404, code: "NOT_FOUND" });
    expect((await c("agent2").get(`/api/customers/${theirs.id}`)).body.tier).toBe("standard");
    // Validation per row: a value no row may take.
    const bad = await c("manager").patch("/api/customers", { ids: [mine.id], changes: { creditLimit: -5 } });
    expect(bad.body.results[0]).toMatchObject({ status: 422, code: "VALIDATION_FAILED", errors: { creditLimit: [expect.any(String)] } });
  });

  it("a bad request is refused whole, nothing written", async () => {
    const [row] = await three("manager");
    const patch = (body: unknown) => c("manager").patch("/api/customers", body);
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), [1.5], ["1"], [row.id, row.id], [-1]]) {
      const res = await patch({ ids, changes: { tier: "gold" } });
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors.ids ?? res.body.errors["ids.0"]).toBeTruthy();
    }
    expectError(await patch({ ids: [row.id], changes: {} }), 422, "VALIDATION_FAILED");
    expectError(await patch({ ids: [row.id], changes: { colour: "red" } }), 422, "VALIDATION_FAILED");
    expectError(await patch({ ids: [row.id], changes: { version: 9 } }), 403, "FORBIDDEN_FIELD");
    expectError(await patch({ ids: [row.id], changes: { createdAt: "2020-01-01T00:00:00.000Z" } }), 403, "FORBIDDEN_FIELD");
    expectError(await patch({ ids: [row.id] }), 422, "VALIDATION_FAILED");
    expectError(await c("agent").patch("/api/customers", { ids: [row.id], changes: { creditLimit: 5 } }), 403, "FORBIDDEN_FIELD");
    expectError(await c("agent").patch("/api/products", { ids: [1], changes: { cost: 5 } }), 403, "FORBIDDEN");
    expectError(await c("auditor").patch("/api/customers", { ids: [row.id], changes: { tier: "gold" } }), 403, "FORBIDDEN");
    expectError(await c("manager").patch("/api/audit-events", { ids: [1], changes: {} }), 405, "METHOD_NOT_ALLOWED");
    expect((await c("manager").get(`/api/customers/${row.id}`)).body).toMatchObject({ tier: "standard", version: 1 });
  });
});

describe("saved views and preferences", () => {
  const view = (extra: Record<string, unknown> = {}) => ({
    name: `Paid ${unique()}`,
    resource: "orders",
    query: {
      filters: [{ field: "status", operator: "eq", value: "paid" }],
      sorters: [{ field: "createdAt", order: "desc" }],
      pageSize: 50,
      columns: ["number", "status", "total"],
    },
    ...extra,
  });

  it("a person keeps their own views; others do not see a private one or write any", async () => {
    const mine = await c("agent").post("/api/views", view());
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ ownerId: ids.agent, shared: "me" });
    expect((await c("agent2").get(`/api/views/${mine.body.id}`)).status).toBe(404);
    expect((await c("agent2").get("/api/views?resource=orders")).body.some((v: Body) => v.id === mine.body.id)).toBe(false);
    expect((await c("admin").get(`/api/views/${mine.body.id}`)).status).toBe(404);
    expectError(await c("agent2").patch(`/api/views/${mine.body.id}`, { name: "taken", version: 1 }), 404, "NOT_FOUND");
    const renamed = await c("agent").patch(`/api/views/${mine.body.id}`, { name: "Renamed", version: 1 });
    expect(renamed.body).toMatchObject({ name: "Renamed", version: 2 });
    expect((await c("agent").del(`/api/views/${mine.body.id}`)).status).toBe(200);
  });

  it("sharing with everyone: managers and admins only; a reader sees it through their own rules", async () => {
    expectError(await c("agent").post("/api/views", view({ shared: "everyone" })), 403, "FORBIDDEN_FIELD");
    const shared = await c("manager").post(
      "/api/views",
      view({ resource: "products", query: { columns: ["name", "cost", "price"], sorters: [{ field: "cost", order: "asc" }] }, shared: "everyone" }),
    );
    expect(shared.status).toBe(201);
    const seen = (await c("agent").get("/api/views?resource=products")).body.find((v: Body) => v.id === shared.body.id);
    expect(seen.query).toEqual({ columns: ["name", "price"], sorters: [] });
    expect((await c("manager").get(`/api/views/${shared.body.id}`)).body.query.columns).toEqual(["name", "cost", "price"]);
    expectError(await c("agent").del(`/api/views/${shared.body.id}`), 403, "FORBIDDEN");
  });

  it("a view naming a field its author may not read is refused; so is a bad query", async () => {
    const hidden = await c("agent").post("/api/views", view({ resource: "products", query: { columns: ["name", "cost"] } }));
    expectError(hidden, 422, "VALIDATION_FAILED");
    expect(hidden.body.errors.query[0]).toMatch(/cost/);
    expectError(await c("agent").post("/api/views", view({ resource: "audit-events", query: {} })), 422, "VALIDATION_FAILED");
    expectError(await c("agent").post("/api/views", view({ resource: "nothing" })), 422, "VALIDATION_FAILED");
    expectError(await c("agent").post("/api/views", view({ query: { pageSize: 7 } })), 422, "VALIDATION_FAILED");
    expectError(
      await c("agent").post("/api/views", view({ query: { filters: [{ field: "status", operator: "$where", value: 1 }] } })),
      422,
      "VALIDATION_FAILED",
    );
    expectError(await c("agent").post("/api/views", view({ query: "status=paid" })), 422, "VALIDATION_FAILED");
    expectError(await c("agent").post("/api/views", view({ ownerId: ids.agent2 })), 403, "FORBIDDEN_FIELD");
  });

  it("columns, page size and a default view follow the person to another browser", async () => {
    const v = await c("manager").post("/api/views", view());
    const set = await c("manager").patch("/api/auth/preferences", {
      lists: { orders: { columns: ["number", "total"], pageSize: 50, defaultView: v.body.id } },
    });
    expect(set.status).toBe(200);
    const elsewhere = new Client(server.url);
    await elsewhere.post("/api/auth/login", { email: demoEmail("manager"), password: DEMO_PASSWORD });
    expect((await elsewhere.get("/api/auth/preferences")).body.lists.orders).toEqual({ columns: ["number", "total"], pageSize: 50, defaultView: v.body.id });
    // Keys not sent stay; a null default clears it.
    const cleared = await elsewhere.patch("/api/auth/preferences", { lists: { orders: { defaultView: null } } });
    expect(cleared.body.lists.orders).toEqual({ columns: ["number", "total"], pageSize: 50 });
    expect((await c("agent").get("/api/auth/preferences")).body.lists.orders).toBeUndefined();
  });

  it("preferences refuse what the reader may not see, and nonsense", async () => {
    const prefs = (body: unknown, role: DemoRole = "agent") => c(role).patch("/api/auth/preferences", body);
    expectError(await prefs({ lists: { products: { columns: ["name", "cost"] } } }), 422, "VALIDATION_FAILED");
    expectError(await prefs({ lists: { "audit-events": { pageSize: 20 } } }), 422, "VALIDATION_FAILED");
    expectError(await prefs({ lists: { orders: { pageSize: 7 } } }), 422, "VALIDATION_FAILED");
    expectError(await prefs({ lists: { orders: { columns: ["number", "number"] } } }), 422, "VALIDATION_FAILED");
    expectError(await prefs({ lists: { orders: { colour: "red" } } }), 422, "VALIDATION_FAILED");
    const privateView = await c("manager").post("/api/views", view());
    expectError(await prefs({ lists: { orders: { defaultView: privateView.body.id } } }), 422, "VALIDATION_FAILED");
    expectError(await c("agent").request("GET", "/api/auth/preferences?x=1"), 400, "BAD_QUERY");
  });
});
