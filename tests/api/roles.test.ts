/**
 * Roles as data, end to end over HTTP on both stores: the seeded roles, a custom role honoured
 * by every path (lists, counts, q, filters, sort, 404, writes by field and row, transitions by
 * target, the dashboard, audit changes, live events), a change taking effect on the next
 * request, and every bad role refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { BUILT_IN_ROLES } from "../../src/domain/roles/built-in";
import { expectError, type Body, type Client, type TestServer, startTestServer } from "./helpers";
import { Stream } from "./sse";

let s: TestServer;
let admin: Client;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login("admin");
});
afterAll(() => s.close());

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

/** A new role through the API, and a member of it signed in. */
async function roleWithMember(rules: unknown[], extra: Record<string, unknown> = {}) {
  const key = `r-${unique()}`;
  const role = await admin.post("/api/roles", { key, name: `Role ${key}`, rules, ...extra });
  if (role.status !== 201) throw new Error(`role: ${role.status} ${role.text}`);
  const email = `${key}@example.com`;
  const staff = await admin.post("/api/staff", { name: `Member ${key}`, email, role: key, active: true, password: DEMO_PASSWORD });
  if (staff.status !== 201) throw new Error(`staff: ${staff.status} ${staff.text}`);
  const member = s.client();
  const login = await member.post("/api/auth/login", { email, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { role: role.body, member, memberId: staff.body.id as number, login: login.body };
}

const total = (res: { headers: Headers }) => Number(res.headers.get("x-total-count"));

const READABLE_CUSTOMER_FIELDS = ["id", "name", "email", "phone", "company", "tier", "ownerId", "notes", "createdAt", "updatedAt", "version"];

describe("the built-in roles are data", () => {
  it("are seeded as rows whose rules are the definitions', readable by admins, managers and auditors, not agents", async () => {
    const res = await admin.get("/api/roles?_sort=id");
    expect(res.status).toBe(200);
    const stored = res.body.filter((r: Body) => r.builtIn);
    expect(stored.map((r: Body) => [r.key, r.rules])).toEqual(BUILT_IN_ROLES.map((r) => [r.key, r.rules]));
    for (const who of ["manager", "auditor"] as const) expect((await (await s.login(who)).get("/api/roles")).status).toBe(200);
    expectError(await (await s.login("agent")).get("/api/roles"), 403, "FORBIDDEN");
  });

  it("GET /api/auth/permissions answers the member's role and rules with $me resolved; me and login carry the same", async () => {
    const agent = await s.login("agent");
    const me = (await agent.get("/api/auth/me")).body;
    const res = await agent.get("/api/auth/permissions");
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("agent");
    expect(res.text).not.toContain("$me");
    expect(res.body.rules).toContainEqual({ resource: "orders", action: "read", where: { assigneeId: me.user.id } });
    expect(me.permissions).toEqual(res.body);
    expectError(await s.client().get("/api/auth/permissions"), 401, "UNAUTHENTICATED");
  });

  it("staff.role is validated against the roles that exist", async () => {
    const res = await admin.post("/api/staff", { name: "No Role", email: `norole-${unique()}@example.com`, role: "nope", password: DEMO_PASSWORD });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors.role).toEqual(["No such role"]);
    // The built-in keys keep working as filters.
    const agents = await admin.get("/api/staff?role=agent");
    expect(agents.body.length).toBeGreaterThan(0);
    expect(agents.body.every((r: Body) => r.role === "agent")).toBe(true);
  });
});

describe("a custom role, honoured on every path", () => {
  // A desk that serves gold customers: reads them (no credit limit), may change their notes only,
  // reads orders that are not drafts, the catalogue without cost or price, and the log.
  const rules = [
    { resource: "customers", action: "read", fields: READABLE_CUSTOMER_FIELDS, where: { tier: { $in: ["gold", "silver"] } } },
    { resource: "customers", action: "read", deny: true, where: { tier: "silver" } },
    { resource: "customers", action: "update", fields: ["notes"], where: { tier: "gold" } },
    { resource: "orders", action: "read", where: { status: { $ne: "draft" } } },
    { resource: "orders", action: "transition", fields: ["shipped"] },
    { resource: "products", action: "read" },
    { resource: "products", action: "read", deny: true, fields: ["cost", "price"] },
    { resource: "audit-events", action: "read" },
  ];
  let desk: Awaited<ReturnType<typeof roleWithMember>>;
  let db: Awaited<ReturnType<TestServer["readDb"]>>;
  beforeAll(async () => {
    desk = await roleWithMember(rules);
    db = await s.readDb();
  });
  const gold = () => db.customers.filter((c) => c.tier === "gold");
  const silver = () => db.customers.find((c) => c.tier === "silver")!;

  it("lists and counts only the rows the rules grant (a deny rule taking silver away), without hidden fields", async () => {
    const res = await desk.member.get("/api/customers?_end=100");
    expect(res.status).toBe(200);
    expect(total(res)).toBe(gold().length);
    for (const row of res.body) {
      expect(row.tier).toBe("gold");
      expect(Object.keys(row).sort()).toEqual(READABLE_CUSTOMER_FIELDS.filter((f) => f in row).sort());
      expect(row).not.toHaveProperty("creditLimit");
    }
    const orders = await desk.member.get("/api/orders?_end=5");
    expect(total(orders)).toBe(db.orders.filter((o) => o.status !== "draft").length);
    expect(total(await desk.member.get("/api/orders?status=draft"))).toBe(0);
  });

  it("filters, q and sort stay inside the scope; a hidden field is no filter, sort or search", async () => {
    expect(total(await desk.member.get("/api/customers?tier=silver"))).toBe(0);
    expect(total(await desk.member.get(`/api/customers?q=${encodeURIComponent(String(silver().email))}`))).toBe(0);
    const g = gold()[0];
    const found = await desk.member.get(`/api/customers?q=${encodeURIComponent(String(g.email))}`);
    expect(found.body.map((r: Body) => r.id)).toEqual([g.id]);
    expectError(await desk.member.get("/api/customers?creditLimit_gte=0"), 400, "BAD_QUERY");
    expectError(await desk.member.get("/api/customers?_sort=creditLimit"), 400, "BAD_QUERY");
    expectError(await desk.member.get("/api/products?_sort=cost"), 400, "BAD_QUERY");
    expectError(await desk.member.get("/api/products?price_gte=1"), 400, "BAD_QUERY");
    const products = await desk.member.get("/api/products?_end=3");
    for (const p of products.body) {
      expect(p).not.toHaveProperty("cost");
      expect(p).not.toHaveProperty("price");
      expect(p).toHaveProperty("stock");
    }
    // The look-ups a page makes (simple-rest getMany) answer only what is in scope.
    const many = await desk.member.get(`/api/customers?id=${g.id}&id=${silver().id}`);
    expect(many.body.map((r: Body) => r.id)).toEqual([g.id]);
  });

  it("a row out of scope answers 404, as one that does not exist; a resource not granted answers 403", async () => {
    expectError(await desk.member.get(`/api/customers/${silver().id}`), 404, "NOT_FOUND");
    const draft = db.orders.find((o) => o.status === "draft")!;
    expectError(await desk.member.get(`/api/orders/${draft.id}`), 404, "NOT_FOUND");
    expectError(await desk.member.get("/api/categories"), 403, "FORBIDDEN");
    expectError(await desk.member.get("/api/staff"), 403, "FORBIDDEN");
  });

  it("writes follow fields and rows: notes of a gold customer yes, its name or a silver one no", async () => {
    const g = gold()[1];
    const ok = await desk.member.patch(`/api/customers/${g.id}`, { notes: "Prefers email", version: g.version });
    expect(ok.status).toBe(200);
    expect(ok.body.notes).toBe("Prefers email");
    expect(ok.body).not.toHaveProperty("creditLimit");
    expectError(await desk.member.patch(`/api/customers/${g.id}`, { name: "Renamed", version: ok.body.version }), 403, "FORBIDDEN_FIELD");
    expectError(await desk.member.patch(`/api/customers/${silver().id}`, { notes: "x", version: silver().version }), 404, "NOT_FOUND");
    expectError(await desk.member.post("/api/customers", { name: "New One", email: `n-${unique()}@example.com`, ownerId: 3 }), 403, "FORBIDDEN");
    expectError(await desk.member.del(`/api/customers/${g.id}`), 403, "FORBIDDEN");
  });

  it("order transitions by target status: to shipped yes, to anything else no", async () => {
    const paid = db.orders.find((o) => o.status === "paid")!;
    const placed = db.orders.find((o) => o.status === "placed")!;
    expectError(await desk.member.post(`/api/orders/${placed.id}/transitions`, { to: "paid", version: placed.version }), 403, "FORBIDDEN");
    const shipped = await desk.member.post(`/api/orders/${paid.id}/transitions`, { to: "shipped", version: paid.version });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe("shipped");
  });

  it("the audit log's changes are stripped by the reader's rules", async () => {
    const g = gold()[2];
    const changed = await admin.patch(`/api/customers/${g.id}`, { creditLimit: 123_400, notes: "Raised", version: g.version });
    expect(changed.status).toBe(200);
    // Newest first: the admin's change.
    const events = await desk.member.get(`/api/audit-events?resource=customers&recordId=${g.id}&action=update`);
    const event = events.body[0];
    expect(event.changes).toEqual({ notes: { from: g.notes ?? null, to: "Raised" } });
    const asAdmin = await admin.get(`/api/audit-events/${event.id}`);
    expect(asAdmin.body.changes).toHaveProperty("creditLimit");
  });

  it("the dashboard counts what the role may read and leaves out what it may not", async () => {
    const res = await desk.member.get("/api/stats/dashboard");
    expect(res.status).toBe(200);
    // Orders read without a condition on who: not "own"; drafts are out of scope anyway.
    expect(res.body.ordersByStatus.draft).toBe(0);
    expect(res.body.customers).toBe(gold().length);
    expect(res.body).toHaveProperty("revenue");
    expect(res.body).toHaveProperty("lowStock");
    // Top customers are only among those it may read.
    const goldIds = new Set(gold().map((c) => c.id));
    for (const c of res.body.topCustomers) expect(goldIds.has(c.id)).toBe(true);
  });

  it("live events reach the member only for rows in scope", async () => {
    const stream = await Stream.open(desk.member);
    const sv = silver();
    const g = gold()[3];
    expect((await admin.patch(`/api/customers/${sv.id}`, { notes: "Silver news", version: sv.version })).status).toBe(200);
    expect((await admin.patch(`/api/customers/${g.id}`, { notes: "Gold news", version: g.version })).status).toBe(200);
    const seen = await stream.until((d) => d.resource === "customers" && d.id === g.id, "the gold customer's update");
    expect(seen.some((d: Body) => d.id === sv.id)).toBe(false);
    stream.close();
  });
});

describe("a change to a role takes effect on the member's next request", () => {
  it("narrowing a role refuses at once and tells the member's open screens", async () => {
    const { role, member } = await roleWithMember([
      { resource: "products", action: "read" },
      { resource: "products", action: "update", fields: ["stock"] },
    ]);
    const product = (await member.get("/api/products?_end=1")).body[0];
    const first = await member.patch(`/api/products/${product.id}`, { stock: product.stock + 1, version: product.version });
    expect(first.status).toBe(200);
    const stream = await Stream.open(member);
    const narrowed = await admin.patch(`/api/roles/${role.id}`, { rules: [{ resource: "products", action: "read" }], version: role.version });
    expect(narrowed.status).toBe(200);
    expectError(await member.patch(`/api/products/${product.id}`, { stock: 1, version: first.body.version }), 403, "FORBIDDEN");
    expect((await member.get("/api/auth/permissions")).body.rules).toEqual([{ resource: "products", action: "read" }]);
    const [told] = await stream.untilEvent("permissions", () => true, "the permissions event");
    expect(told).toEqual({ role: role.key });
    stream.close();
  });

  it("the change is audited with the rules before and after", async () => {
    const { role } = await roleWithMember([{ resource: "categories", action: "read" }]);
    const next = [
      { resource: "categories", action: "read" },
      { resource: "categories", action: "create" },
    ];
    expect((await admin.patch(`/api/roles/${role.id}`, { rules: next, version: role.version })).status).toBe(200);
    const events = await admin.get(`/api/audit-events?resource=roles&recordId=${role.id}&action=update`);
    expect(events.body[0].changes.rules).toEqual({ from: [{ resource: "categories", action: "read" }], to: next });
  });

  it("moving a member to another role changes what they may do at once", async () => {
    const { member, memberId } = await roleWithMember([{ resource: "categories", action: "read" }]);
    expect((await member.get("/api/categories")).status).toBe(200);
    const staff = (await admin.get(`/api/staff/${memberId}`)).body;
    expect((await admin.patch(`/api/staff/${memberId}`, { role: "auditor", version: staff.version })).status).toBe(200);
    expect((await member.get("/api/auth/permissions")).body.role).toBe("auditor");
    expect((await member.get("/api/orders?_end=1")).status).toBe(200);
  });
});

describe("a role that grants nothing", () => {
  it("sees no resource, gets a dashboard with no figures, and no error but 403 on the lists", async () => {
    const { member } = await roleWithMember([]);
    expect((await member.get("/api/auth/permissions")).body.rules).toEqual([]);
    for (const r of ["orders", "customers", "products", "categories", "staff", "roles", "audit-events"])
      expectError(await member.get(`/api/${r}`), 403, "FORBIDDEN");
    const dash = await member.get("/api/stats/dashboard");
    expect(dash.status).toBe(200);
    for (const figure of ["revenue", "ordersByStatus", "openOrders", "ordersPerDay", "topCustomers", "lowStock", "customers"])
      expect(dash.body).not.toHaveProperty(figure);
  });

  it("still knows who it is: sign-in and me name the member though the role reads no staff", async () => {
    const { member, memberId, login } = await roleWithMember([]);
    expect(login.user).toMatchObject({
      id: memberId,
      name: expect.stringMatching(/^Member /),
      email: expect.stringMatching(/@example\.com$/),
      role: expect.any(String),
    });
    expect((await member.get("/api/auth/me")).body.user.id).toBe(memberId);
    expectError(await member.get(`/api/staff/${memberId}`), 403, "FORBIDDEN");
  });

  it("a catalogue-only role gets the low-stock figure and none of the orders' or customers'", async () => {
    const { member } = await roleWithMember([{ resource: "products", action: "read" }]);
    const dash = (await member.get("/api/stats/dashboard")).body;
    expect(dash).toHaveProperty("lowStock");
    for (const figure of ["revenue", "ordersByStatus", "topCustomers", "customers"]) expect(dash).not.toHaveProperty(figure);
  });
});

describe("bad roles are refused, naming the rule, and change nothing", () => {
  const bad: [string, unknown[], string][] = [
    ["an unknown resource", [{ resource: "invoices", action: "read" }], "rules.0.resource"],
    ["an unknown action", [{ resource: "orders", action: "approve" }], "rules.0.action"],
    [
      "an unknown field",
      [
        { resource: "orders", action: "read" },
        { resource: "orders", action: "update", fields: ["colour"] },
      ],
      "rules.1.fields",
    ],
    ["an unknown operator", [{ resource: "orders", action: "read", where: { total: { $gt: 5 } } }], "rules.0.where.total"],
    ["an unknown key in a rule", [{ resource: "orders", action: "read", when: "always" }], "rules.0"],
    [
      "a condition on a field the role cannot read",
      [{ resource: "customers", action: "read", fields: ["id", "name"], where: { creditLimit: 0 } }],
      "rules.0.where",
    ],
    ["a condition on a secret", [{ resource: "staff", action: "read", where: { password: "x" } }], "rules.0.where"],
    ["$me on a field that is not a staff member", [{ resource: "customers", action: "read", where: { tier: "$me" } }], "rules.0.where"],
    ["a value of the wrong type", [{ resource: "orders", action: "read", where: { total: "lots" } }], "rules.0.where"],
    ["a value not among an enum's", [{ resource: "customers", action: "read", where: { tier: "platinum" } }], "rules.0.where"],
    ["writes on staff", [{ resource: "staff", action: "update" }], "rules.0.action"],
    ["writes on roles", [{ resource: "roles", action: "create" }], "rules.0.action"],
    ["writes on the audit log", [{ resource: "audit-events", action: "delete" }], "rules.0.action"],
    ["a transition on a resource with no lifecycle", [{ resource: "customers", action: "transition" }], "rules.0.action"],
    ["a transition to a status that does not exist", [{ resource: "orders", action: "transition", fields: ["lost"] }], "rules.0.fields"],
    ["a server-managed field in a write rule", [{ resource: "orders", action: "update", fields: ["total"] }], "rules.0.fields"],
    ["201 rules", Array.from({ length: 201 }, () => ({ resource: "orders", action: "read" })), "rules"],
    ["rules that are no list", "read everything" as never, "rules"],
  ];

  it.each(bad)("%s: 422 VALIDATION_FAILED at the rule", async (_what, rules, at) => {
    const before = await s.readRaw();
    const res = await admin.post("/api/roles", { key: `bad-${unique()}`, name: "Bad role", rules });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(Object.keys(res.body.errors)).toContain(at);
    expect(res.body.errors.rules.length).toBeGreaterThan(0);
    expect((await s.readRaw()).equals(before)).toBe(true);
  });

  it("a malformed key is 422; a taken one is DUPLICATE; the key is fixed once created", async () => {
    for (const key of ["Admin", "a", "9lives", "with space", "x".repeat(33)]) {
      const res = await admin.post("/api/roles", { key, name: "Bad key", rules: [] });
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors).toHaveProperty("key");
    }
    const taken = await admin.post("/api/roles", { key: "manager", name: "Second manager", rules: [] });
    expectError(taken, 409, "DUPLICATE");
    expect(taken.body.errors).toHaveProperty("key");
    const { role } = await roleWithMember([]);
    expectError(await admin.patch(`/api/roles/${role.id}`, { key: "renamed", version: role.version }), 403, "FORBIDDEN_FIELD");
    expectError(await admin.patch(`/api/roles/${role.id}`, { builtIn: true, version: role.version }), 403, "FORBIDDEN_FIELD");
  });

  it("the admin role cannot be edited or deleted; a built-in role cannot be deleted; other built-ins can be edited", async () => {
    const roles = (await admin.get("/api/roles?builtIn=true")).body;
    const adminRole = roles.find((r: Body) => r.key === "admin");
    const before = await s.readRaw();
    expectError(await admin.patch(`/api/roles/${adminRole.id}`, { name: "Superuser", version: adminRole.version }), 422, "VALIDATION_FAILED");
    expectError(await admin.del(`/api/roles/${adminRole.id}`), 403, "FORBIDDEN");
    const auditor = roles.find((r: Body) => r.key === "auditor");
    expectError(await admin.del(`/api/roles/${auditor.id}`), 403, "FORBIDDEN");
    expect((await s.readRaw()).equals(before)).toBe(true);
    const renamed = await admin.patch(`/api/roles/${auditor.id}`, { description: "Reads; follows the log.", version: auditor.version });
    expect(renamed.status).toBe(200);
  });

  it("a role in use is not deleted (REFERENCED with the count); an unused one is", async () => {
    const { role } = await roleWithMember([]);
    const res = await admin.del(`/api/roles/${role.id}`);
    expectError(res, 409, "REFERENCED");
    expect(res.body.counts).toEqual({ staff: 1 });
    const unused = await admin.post("/api/roles", { key: `unused-${unique()}`, name: "Unused", rules: [] });
    expect((await admin.del(`/api/roles/${unused.body.id}`)).status).toBe(200);
    expectError(await admin.get(`/api/roles/${unused.body.id}`), 404, "NOT_FOUND");
  });

  it("managers and auditors read roles but write none; agents neither", async () => {
    const roles = (await admin.get("/api/roles")).body;
    const target = roles.find((r: Body) => r.key === "auditor");
    for (const who of ["manager", "auditor", "agent"] as const) {
      const c = await s.login(who);
      expectError(await c.post("/api/roles", { key: `x-${unique()}`, name: "Mine", rules: [] }), 403, "FORBIDDEN");
      const patch = await c.patch(`/api/roles/${target.id}`, { name: "Changed", version: target.version });
      expect([403, 404]).toContain(patch.status);
      expectError(await c.del(`/api/roles/${target.id}`), 403, "FORBIDDEN");
    }
  });
});
