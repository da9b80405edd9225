/**
 * /api/graphql beside REST, on both stores: the same lists, the same rules (nothing REST refuses
 * is possible through GraphQL), the same writes and audit trail, the error catalogue in each
 * error's `extensions`, the query limits, references batched per page, read-only tokens and the
 * dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/domain/errors";
import type { Row } from "../../src/server/db-shape";
import { GRAPHQL_LIMITS } from "../../src/server/graphql";
import {
  Client,
  expectError,
  expectGqlError,
  gql,
  gqlData,
  staffId,
  startTestServer,
  STACK,
  type ApiResponse,
  type Body,
  type DemoRole,
  type TestServer,
} from "./helpers";
import { newDraft, newProduct, stockOf, transition } from "./order-helpers";
import { Stream } from "./sse";

let s: TestServer;
const as = {} as Record<DemoRole, Client>;
beforeAll(async () => {
  s = await startTestServer();
  for (const role of ["admin", "manager", "agent", "agent2", "auditor"] as const) as[role] = await s.login(role);
});
afterAll(async () => {
  await s.close();
});

const uid = () => Math.random().toString(36).slice(2, 8);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const total = (res: ApiResponse) => Number(res.headers.get("x-total-count"));
/** A REST list as the client sees it: its rows' ids and X-Total-Count. */
const restList = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.status, res.text).toBe(200);
  return { ids: ids(res.body), totalCount: total(res), rows: res.body as Row[] };
};
/** A GraphQL list (the one field the document asks for) as the same. */
const gqlList = async (c: Client, query: string, variables?: Record<string, unknown>) => {
  const data = gqlData(await gql(c, query, variables));
  const list = Object.values(data)[0] as { nodes: Row[]; totalCount: number };
  return { ids: ids(list.nodes), totalCount: list.totalCount, rows: list.nodes };
};
const newCustomer = async (c: Client, fields: Record<string, unknown> = {}) => {
  const res = await c.post("/api/customers", { name: `Gql ${uid()}`, email: `gql-${uid()}@shop.example`, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body as Row;
};

describe("lists answer as REST's do", () => {
  it("orders filtered by status, sorted by placedAt desc, page 2 of 5: the same ids and totalCount", async () => {
    const db = await s.readDb();
    const counts = new Map<string, number>();
    for (const o of db.orders) counts.set(o.status as string, (counts.get(o.status as string) ?? 0) + 1);
    const [status, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    expect(n).toBeGreaterThan(10);
    for (const role of ["manager", "agent"] as const) {
      const rest = await restList(as[role], `/api/orders?status=${status}&_sort=placedAt&_order=desc&_start=5&_end=10`);
      const graph = await gqlList(
        as[role],
        `query($status: String) { orders(filter: { status: { eq: $status } }, sorting: [{ field: placedAt, direction: DESC }], paging: { limit: 5, offset: 5 }) {
          nodes { id status placedAt } totalCount } }`,
        { status },
      );
      expect(graph.ids).toEqual(rest.ids);
      expect(graph.totalCount).toBe(rest.totalCount);
      expect(graph.ids).toHaveLength(5);
      expect(graph.rows.every((o) => o.status === status)).toBe(true);
      const times = graph.rows.map((o) => String(o.placedAt));
      expect([...times].sort().reverse()).toEqual(times);
      // The page is the second: the first five are others.
      const first = await gqlList(
        as[role],
        `{ orders(filter: { status: { eq: "${status}" } }, sorting: [{ field: placedAt, direction: DESC }], paging: { limit: 5 }) { nodes { id } totalCount } }`,
      );
      expect(first.ids.some((id) => graph.ids.includes(id))).toBe(false);
    }
    const self = staffId(db, "agent");
    expect((await gqlList(as.agent, `{ orders(filter: { status: { eq: "${status}" } }) { nodes { id } totalCount } }`)).totalCount).toBe(
      db.orders.filter((o) => o.status === status && o.assigneeId === self).length,
    );
  });

  it("q searches as REST's q does", async () => {
    const word = String((await s.readDb()).customers[3].name)
      .split(" ")[0]
      .slice(0, 4)
      .toLowerCase();
    for (const role of ["manager", "agent"] as const) {
      const rest = await restList(as[role], `/api/customers?q=${encodeURIComponent(word)}&_sort=name&_order=asc&_end=100`);
      const graph = await gqlList(
        as[role],
        `query($q: String) { customers(filter: { q: { eq: $q } }, sorting: [{ field: name, direction: ASC }], paging: { limit: 100 }) { nodes { id } totalCount } }`,
        {
          q: word,
        },
      );
      expect(graph).toMatchObject({ ids: rest.ids, totalCount: rest.totalCount });
      if (role === "manager") expect(rest.totalCount).toBeGreaterThan(0);
    }
  });

  it("iLike is REST's _like (contains, any case); text that is not %…% is BAD_QUERY", async () => {
    const rest = await restList(as.manager, "/api/customers?email_like=EXAMPLE.NET&_sort=id&_order=asc&_end=100");
    const graph = await gqlList(
      as.manager,
      `{ customers(filter: { email: { iLike: "%EXAMPLE.NET%" } }, sorting: [{ field: id, direction: ASC }], paging: { limit: 100 }) { nodes { id email } totalCount } }`,
    );
    expect(graph).toMatchObject({ ids: rest.ids, totalCount: rest.totalCount });
    expect(graph.totalCount).toBeGreaterThan(0);
    expect(graph.rows.every((c) => String(c.email).toLowerCase().includes("example.net"))).toBe(true);
    expectGqlError(await gql(as.manager, `{ customers(filter: { email: { iLike: "example%" } }) { totalCount } }`), "BAD_QUERY");
  });

  it("in, neq, gte and lte are REST's repeated key, _ne, _gte and _lte", async () => {
    const agent = staffId(await s.readDb(), "agent");
    const rest = await restList(
      as.manager,
      `/api/orders?status=placed&status=paid&total_gte=10000&total_lte=900000&assigneeId_ne=${agent}&_sort=total&_order=desc&_end=50`,
    );
    const graph = await gqlList(
      as.manager,
      `{ orders(filter: { status: { in: ["placed", "paid"] }, total: { gte: 10000, lte: 900000 }, assigneeId: { neq: ${agent} } }, sorting: [{ field: total, direction: DESC }], paging: { limit: 50 }) {
        nodes { id status total assigneeId } totalCount } }`,
    );
    expect(graph).toMatchObject({ ids: rest.ids, totalCount: rest.totalCount });
    expect(graph.totalCount).toBeGreaterThan(0);
    expect(graph.rows.every((o) => ["placed", "paid"].includes(o.status as string) && o.assigneeId !== agent)).toBe(true);
    // An empty "in" of a field that is not the id is a mistake, said so.
    expectGqlError(await gql(as.manager, `{ orders(filter: { status: { in: [] } }) { totalCount } }`), "BAD_QUERY");
  });

  it("getMany: filter id in [...] without paging answers exactly those the reader may see", async () => {
    const db = await s.readDb();
    const self = staffId(db, "agent");
    const mine = db.customers.filter((c) => c.ownerId === self).slice(0, 3);
    const theirs = db.customers.find((c) => c.ownerId !== self)!;
    const wanted = [...ids(mine), theirs.id, 999999];
    const query = `query($ids: [ID!]) { customers(filter: { id: { in: $ids } }) { nodes { id name } totalCount } }`;
    const manager = await gqlList(as.manager, query, { ids: wanted });
    expect(new Set(manager.ids)).toEqual(new Set([...ids(mine), theirs.id]));
    expect(manager.totalCount).toBe(4);
    const agent = await gqlList(as.agent, query, { ids: wanted });
    expect(new Set(agent.ids)).toEqual(new Set(ids(mine)));
    const rest = await restList(as.agent, `/api/customers?${wanted.map((id) => `id=${id}`).join("&")}`);
    expect(new Set(agent.ids)).toEqual(new Set(rest.ids));
    expect(agent.totalCount).toBe(rest.totalCount);
    // No ids, no rows (what getMany of nothing asks).
    expect(await gqlList(as.manager, query, { ids: [] })).toMatchObject({ ids: [], totalCount: 0 });
  });
});

/** One access check, asked of both protocols. `absent`: GraphQL's schema for the role has no such field or mutation. */
interface Check {
  role: DemoRole;
  what: string;
  rest: () => Promise<ApiResponse>;
  gql: () => Promise<ApiResponse>;
  /** REST's refusal, or null when both let it through. */
  code: ErrorCode | null;
  absent?: boolean;
}
const restCode = (res: ApiResponse) => (res.status < 300 ? null : res.body?.code);
const gqlCode = (res: ApiResponse) => (res.body?.errors ? res.body.errors[0]?.extensions?.code : null);

describe("access through both protocols: nothing REST refuses is possible through GraphQL", () => {
  let checks: Check[];
  beforeAll(async () => {
    const db = await s.readDb();
    const self = staffId(db, "agent");
    const theirCustomer = db.customers.find((c) => c.ownerId !== self)!;
    const theirOrder = db.orders.find((o) => o.assigneeId !== self)!;
    const ownCustomer = await newCustomer(as.agent);
    const product = await newProduct(as.manager, 50);
    // An order of the agent's, placed: its items are fixed; agents do not cancel.
    const placed = (await transition(as.agent, await newDraft(as.agent, [{ productId: product.id, quantity: 1 }]), "placed")).body;
    expect(placed.status).toBe("placed");
    const placedByManager = (await transition(as.manager, await newDraft(as.manager, [{ productId: product.id, quantity: 1 }]), "placed")).body;
    const m = (doc: string, variables?: Record<string, unknown>) => (c: Client) => () => gql(c, doc, variables);
    const updateCustomer = (id: number, update: Record<string, unknown>) =>
      m(`mutation($id: ID!, $u: UpdateCustomerInput!) { updateOneCustomer(input: { id: $id, update: $u }) { id } }`, { id, u: update });
    const updateCustomerLiteral = (id: number, field: string, value: string) =>
      m(`mutation { updateOneCustomer(input: { id: ${id}, update: { ${field}: ${value}, version: 1 } }) { id } }`);
    const createCustomer = m(
      `mutation { createOneCustomer(input: { customer: { name: "Nope Co", email: "nope-${uid()}@shop.example", ownerId: ${self} } }) { id } }`,
    );
    const cancel = (o: Row) =>
      m(
        `mutation($id: ID!, $v: Int) { transitionOrder(input: { id: $id, to: "cancelled", version: $v, reason: "Customer changed their mind" }) { id status } }`,
        {
          id: o.id,
          v: o.version,
        },
      );
    const restCancel = (c: Client, o: Row) => () => transition(c, o as { id: number; version: number }, "cancelled", "Customer changed their mind");

    checks = [
      // An agent: their own rows only, no creditLimit or cost, no customer deletes, no cancelling.
      {
        role: "agent",
        what: "read another agent's customer",
        rest: () => as.agent.get(`/api/customers/${theirCustomer.id}`),
        gql: m(`{ customer(id: ${theirCustomer.id}) { id name } }`)(as.agent),
        code: "NOT_FOUND",
      },
      {
        role: "agent",
        what: "read another agent's order",
        rest: () => as.agent.get(`/api/orders/${theirOrder.id}`),
        gql: m(`{ order(id: ${theirOrder.id}) { id } }`)(as.agent),
        code: "NOT_FOUND",
      },
      {
        role: "agent",
        what: "update another agent's customer",
        rest: () => as.agent.patch(`/api/customers/${theirCustomer.id}`, { notes: "Taken over", version: theirCustomer.version }),
        gql: updateCustomer(theirCustomer.id, { notes: "Taken over", version: theirCustomer.version })(as.agent),
        code: "NOT_FOUND",
      },
      {
        role: "agent",
        what: "read their own customer",
        rest: () => as.agent.get(`/api/customers/${ownCustomer.id}`),
        gql: m(`{ customer(id: ${ownCustomer.id}) { id name } }`)(as.agent),
        code: null,
      },
      {
        role: "agent",
        what: "filter customers on creditLimit",
        rest: () => as.agent.get("/api/customers?creditLimit_gte=0"),
        gql: m(`{ customers(filter: { creditLimit: { gte: 0 } }) { totalCount } }`)(as.agent),
        code: "BAD_QUERY",
      },
      {
        role: "agent",
        what: "sort products on cost",
        rest: () => as.agent.get("/api/products?_sort=cost"),
        gql: m(`{ products(sorting: [{ field: cost, direction: ASC }]) { totalCount } }`)(as.agent),
        code: "BAD_QUERY",
      },
      {
        role: "agent",
        what: "write creditLimit on their own customer",
        rest: () => as.agent.patch(`/api/customers/${ownCustomer.id}`, { creditLimit: 1, version: 1 }),
        gql: updateCustomerLiteral(ownCustomer.id, "creditLimit", "1")(as.agent),
        code: "FORBIDDEN_FIELD",
        absent: true,
      },
      {
        role: "agent",
        what: "hand their customer to another agent",
        rest: () => as.agent.patch(`/api/customers/${ownCustomer.id}`, { ownerId: staffId(db, "agent2"), version: 1 }),
        gql: updateCustomerLiteral(ownCustomer.id, "ownerId", String(staffId(db, "agent2")))(as.agent),
        code: "FORBIDDEN_FIELD",
        absent: true,
      },
      {
        role: "agent",
        what: "change the items of their placed order",
        rest: () => as.agent.patch(`/api/orders/${placed.id}`, { items: [], version: placed.version }),
        gql: m(`mutation($id: ID!, $v: Int) { updateOneOrder(input: { id: $id, update: { items: [], version: $v } }) { id } }`, {
          id: placed.id,
          v: placed.version,
        })(as.agent),
        code: "FORBIDDEN_FIELD",
      },
      {
        role: "agent",
        what: "create an order assigned to someone else",
        rest: () =>
          as.agent.post("/api/orders", { customerId: ownCustomer.id, assigneeId: staffId(db, "agent2"), items: [{ productId: product.id, quantity: 1 }] }),
        gql: m(
          `mutation { createOneOrder(input: { order: { customerId: ${ownCustomer.id}, assigneeId: ${staffId(db, "agent2")}, items: [{ productId: ${product.id}, quantity: 1 }] } }) { id } }`,
        )(as.agent),
        code: "FORBIDDEN_FIELD",
      },
      {
        role: "agent",
        what: "order for another agent's customer",
        rest: () => as.agent.post("/api/orders", { customerId: theirCustomer.id, items: [{ productId: product.id, quantity: 1 }] }),
        gql: m(`mutation { createOneOrder(input: { order: { customerId: ${theirCustomer.id}, items: [{ productId: ${product.id}, quantity: 1 }] } }) { id } }`)(
          as.agent,
        ),
        code: "VALIDATION_FAILED",
      },
      {
        role: "agent",
        what: "delete their own customer",
        rest: () => as.agent.del(`/api/customers/${ownCustomer.id}`),
        gql: m(`mutation { deleteOneCustomer(input: { id: ${ownCustomer.id} }) { id } }`)(as.agent),
        code: "FORBIDDEN",
        absent: true,
      },
      {
        role: "agent",
        what: "cancel their placed order",
        rest: restCancel(as.agent, placed),
        gql: cancel(placed)(as.agent),
        code: "FORBIDDEN",
      },
      {
        role: "agent",
        what: "read the audit log",
        rest: () => as.agent.get("/api/audit-events"),
        gql: m(`{ auditEvents { totalCount } }`)(as.agent),
        code: "FORBIDDEN",
        absent: true,
      },
      {
        role: "agent",
        what: "create a category",
        rest: () => as.agent.post("/api/categories", { name: "Agents cannot" }),
        gql: m(`mutation { createOneCategory(input: { category: { name: "Agents cannot" } }) { id } }`)(as.agent),
        code: "FORBIDDEN",
        absent: true,
      },
      // An auditor: reads everything they may, writes nothing.
      {
        role: "auditor",
        what: "read a customer with its creditLimit",
        rest: () => as.auditor.get(`/api/customers/${theirCustomer.id}`),
        gql: m(`{ customer(id: ${theirCustomer.id}) { id creditLimit } }`)(as.auditor),
        code: null,
      },
      {
        role: "auditor",
        what: "create a customer",
        rest: () => as.auditor.post("/api/customers", { name: "Nope Co", email: `nope-${uid()}@shop.example`, ownerId: self }),
        gql: createCustomer(as.auditor),
        code: "FORBIDDEN",
        absent: true,
      },
      {
        role: "auditor",
        what: "update a customer",
        rest: () => as.auditor.patch(`/api/customers/${theirCustomer.id}`, { notes: "Audited", version: theirCustomer.version }),
        gql: updateCustomer(theirCustomer.id, { notes: "Audited", version: theirCustomer.version })(as.auditor),
        code: "FORBIDDEN",
        absent: true,
      },
      {
        role: "auditor",
        what: "cancel an order",
        rest: restCancel(as.auditor, placedByManager),
        gql: cancel(placedByManager)(as.auditor),
        code: "FORBIDDEN",
        absent: true,
      },
      // A manager: no staff writes, no secrets, no deleting placed orders.
      {
        role: "manager",
        what: "filter staff on passwordHash",
        rest: () => as.manager.get("/api/staff?passwordHash=x"),
        gql: m(`{ staff { nodes { id passwordHash } } }`)(as.manager),
        code: "BAD_QUERY",
      },
      {
        role: "manager",
        what: "sort staff on lastLoginAt (admins only)",
        rest: () => as.manager.get("/api/staff?_sort=lastLoginAt"),
        gql: m(`{ staff(sorting: [{ field: lastLoginAt, direction: DESC }]) { totalCount } }`)(as.manager),
        code: "BAD_QUERY",
      },
      {
        role: "manager",
        what: "create a staff member",
        rest: () => as.manager.post("/api/staff", { name: "New Hire", email: `hire-${uid()}@example.com`, role: "agent" }),
        gql: m(`mutation { createOneStaffMember(input: { staffMember: { name: "New Hire", email: "hire-${uid()}@example.com", role: "agent" } }) { id } }`)(
          as.manager,
        ),
        code: "FORBIDDEN",
        absent: true,
      },
      {
        role: "manager",
        what: "delete a placed order",
        rest: () => as.manager.del(`/api/orders/${placedByManager.id}`),
        gql: m(`mutation { deleteOneOrder(input: { id: ${placedByManager.id} }) { id } }`)(as.manager),
        code: "FORBIDDEN",
      },
      {
        role: "manager",
        what: "read any agent's customer",
        rest: () => as.manager.get(`/api/customers/${ownCustomer.id}`),
        gql: m(`{ customer(id: ${ownCustomer.id}) { id creditLimit } }`)(as.manager),
        code: null,
      },
    ];
  });

  it("every check answers alike on REST and GraphQL, and the refusals write nothing", async () => {
    const before = await s.readDb();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const c of checks) {
      const rest = await c.rest();
      const graph = await c.gql();
      if (c.code) {
        expectError(rest, ERROR_STATUS[c.code], c.code);
        expectGqlError(graph, c.absent ? "BAD_QUERY" : c.code);
      } else {
        expect(rest.status, rest.text).toBe(200);
        const data = gqlData(graph);
        expect(Object.values(data)[0]).toEqual(expect.objectContaining({ id: rest.body.id }));
      }
      outcomes.push(`${c.role} ${c.what}: REST ${restCode(rest)}, GraphQL ${gqlCode(graph)}`);
      expected.push(`${c.role} ${c.what}: REST ${c.code}, GraphQL ${c.absent ? "BAD_QUERY" : c.code}`);
    }
    expect(outcomes).toEqual(expected);
    const after = await s.readDb();
    for (const r of ["customers", "orders", "products", "categories", "staff"] as const) expect(after[r]).toEqual(before[r]);
    expect(after["audit-events"].length).toBe(before["audit-events"].length);
  });

  it("an agent's customer list is their own rows only, the same as REST's", async () => {
    const self = staffId(await s.readDb(), "agent");
    const rest = await restList(as.agent, "/api/customers?_sort=id&_order=asc&_end=100");
    const graph = await gqlList(
      as.agent,
      `{ customers(sorting: [{ field: id, direction: ASC }], paging: { limit: 100 }) { nodes { id ownerId } totalCount } }`,
    );
    expect(graph).toMatchObject({ ids: rest.ids, totalCount: rest.totalCount });
    expect(graph.rows.every((c) => c.ownerId === self)).toBe(true);
    expect(graph.totalCount).toBe((await s.readDb()).customers.filter((c) => c.ownerId === self).length);
    // Asking for someone else's rows finds nothing, rather than them.
    expect(
      (await gqlList(as.agent, `{ customers(filter: { ownerId: { eq: ${staffId(await s.readDb(), "agent2")} } }) { nodes { id } totalCount } }`)).totalCount,
    ).toBe(0);
  });

  it("a hidden field is not in the role's schema: selecting it is BAD_QUERY, introspection does not show it", async () => {
    const err = expectGqlError(await gql(as.agent, "{ customers { nodes { id creditLimit } } }"), "BAD_QUERY");
    expect(err.message).toMatch(/creditLimit/);
    // No "did you mean …" naming fields of the schema.
    expect(err.message).not.toMatch(/did you mean/i);
    const fields = async (c: Client, type: string) =>
      (gqlData(await gql(c, `query($t: String!) { __type(name: $t) { fields { name } } }`, { t: type })).__type.fields as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await fields(as.agent, "Customer")).not.toContain("creditLimit");
    expect(await fields(as.agent, "Product")).not.toContain("cost");
    expect(await fields(as.agent, "Product")).toContain("price");
    // A manager's schema has both: the checks above are about the role, not the schema.
    expect(await fields(as.manager, "Customer")).toContain("creditLimit");
    expect(await fields(as.manager, "Product")).toContain("cost");
    for (const role of ["manager", "admin", "auditor"] as const) expect(await fields(as[role], "StaffMember")).not.toContain("passwordHash");
    expect(await fields(as.admin, "StaffMember")).toContain("lastLoginAt");
    expect(await fields(as.manager, "StaffMember")).not.toContain("lastLoginAt");
  });

  it("an auditor's schema has no mutation but of their own saved views, and their mutation writes nothing", async () => {
    const mutationsOf = async (c: Client) =>
      (gqlData(await gql(c, "{ __schema { mutationType { fields { name } } } }")).__schema.mutationType.fields as { name: string }[]).map((f) => f.name);
    const auditors = await mutationsOf(as.auditor);
    expect(auditors.length).toBeGreaterThan(0);
    // (Of their own views: the many-record ones are named from the resource, "views".)
    expect(auditors.filter((name) => !/(SavedView|Views)$/.test(name))).toEqual([]);
    expect(await mutationsOf(as.manager)).toEqual(expect.arrayContaining(["createOneCustomer", "transitionOrder", "createOneSavedView"]));
    const count = async () => total(await as.manager.get("/api/customers?_end=1"));
    const before = await count();
    const email = `auditor-${uid()}@shop.example`;
    expectGqlError(await gql(as.auditor, `mutation { createOneCustomer(input: { customer: { name: "Audited Co", email: "${email}" } }) { id } }`), "BAD_QUERY");
    expect(await count()).toBe(before);
    expect((await as.manager.get(`/api/customers?email=${encodeURIComponent(email)}`)).body).toEqual([]);
    // The agent's schema lists only the mutations agents may call.
    const mutations = await mutationsOf(as.agent);
    expect(mutations).toEqual(expect.arrayContaining(["createOneCustomer", "updateOneCustomer", "createOneOrder", "transitionOrder"]));
    expect(mutations).not.toContain("deleteOneCustomer");
    expect(mutations).not.toContain("createOneCategory");
  });
});

describe("writes", () => {
  const CUSTOMER_FIELDS = "id name email notes version ownerId creditLimit";

  it("create, update with the version, a stale version is VERSION_CONFLICT with the current record and changes nothing", async () => {
    const self = staffId(await s.readDb(), "agent");
    const email = `versions-${uid()}@shop.example`;
    const created = gqlData(
      await gql(as.manager, `mutation($c: CreateCustomerInput!) { createOneCustomer(input: { customer: $c }) { ${CUSTOMER_FIELDS} } }`, {
        c: { name: "Versioned Co", email, ownerId: self, creditLimit: 500 },
      }),
    ).createOneCustomer;
    expect(created).toMatchObject({ name: "Versioned Co", email, version: 1, ownerId: self, creditLimit: 500 });
    expect((await as.manager.get(`/api/customers/${created.id}`)).body).toMatchObject({ email, version: 1 });

    const update = (notes: string, version: number) =>
      gql(as.manager, `mutation($id: ID!, $u: UpdateCustomerInput!) { updateOneCustomer(input: { id: $id, update: $u }) { ${CUSTOMER_FIELDS} } }`, {
        id: created.id,
        u: { notes, version },
      });
    expect(gqlData(await update("theirs", 1)).updateOneCustomer).toMatchObject({ id: created.id, notes: "theirs", version: 2 });
    const stored = (await as.manager.get(`/api/customers/${created.id}`)).body;
    expect(stored).toMatchObject({ notes: "theirs", version: 2 });

    const stale = expectGqlError(await update("mine", 1), "VERSION_CONFLICT");
    expect(stale.extensions.current).toMatchObject({ id: created.id, notes: "theirs", version: 2, creditLimit: 500 });
    expect((await as.manager.get(`/api/customers/${created.id}`)).body).toEqual(stored);
    // As REST says it.
    const rest = await as.manager.patch(`/api/customers/${created.id}`, { notes: "mine", version: 1 });
    expectError(rest, 409, "VERSION_CONFLICT");
    expect(stale.extensions.current).toEqual(rest.body.current);
    // The owning agent's conflict does not show the field they may not read.
    const agents = expectGqlError(
      await gql(as.agent, `mutation { updateOneCustomer(input: { id: ${created.id}, update: { notes: "agent", version: 1 } }) { id } }`),
      "VERSION_CONFLICT",
    );
    expect(agents.extensions.current).toMatchObject({ id: created.id, version: 2 });
    expect(agents.extensions.current).not.toHaveProperty("creditLimit");
    // Without a version, as REST: the field error says so.
    const unversioned = expectGqlError(
      await gql(as.manager, `mutation { updateOneCustomer(input: { id: ${created.id}, update: { notes: "x" } }) { id } }`),
      "VALIDATION_FAILED",
    );
    expect(unversioned.extensions.errors).toHaveProperty("version");
  });

  it("field rules are VALIDATION_FAILED with extensions.errors per field, as REST's errors", async () => {
    const self = staffId(await s.readDb(), "agent");
    const body = { name: "", email: "not-an-email", ownerId: self, creditLimit: -1 };
    const graph = expectGqlError(
      await gql(as.manager, `mutation($c: CreateCustomerInput!) { createOneCustomer(input: { customer: $c }) { id } }`, { c: body }),
      "VALIDATION_FAILED",
    );
    const rest = await as.manager.post("/api/customers", body);
    expectError(rest, 422, "VALIDATION_FAILED");
    expect(graph.extensions.errors).toEqual(rest.body.errors);
    expect(Object.keys(graph.extensions.errors).sort()).toEqual(["creditLimit", "email", "name"]);
    // A wrong owner (an auditor) is a field error too.
    const owner = expectGqlError(
      await gql(
        as.manager,
        `mutation { createOneCustomer(input: { customer: { name: "Owned Co", email: "owned-${uid()}@shop.example", ownerId: ${staffId(await s.readDb(), "auditor")} } }) { id } }`,
      ),
      "VALIDATION_FAILED",
    );
    expect(owner.extensions.errors.ownerId[0]).toMatch(/active agent or manager/);
  });

  it("a unique email taken is DUPLICATE, case-insensitively", async () => {
    const taken = (await s.readDb()).customers[0];
    const err = expectGqlError(
      await gql(as.manager, `mutation($c: CreateCustomerInput!) { createOneCustomer(input: { customer: $c }) { id } }`, {
        c: { name: "Copycat", email: String(taken.email).toUpperCase(), ownerId: taken.ownerId },
      }),
      "DUPLICATE",
    );
    expect(err.extensions.errors).toHaveProperty("email");
    expect(err.extensions.status).toBe(409);
  });

  it("deleting a referenced record is REFERENCED with the counts, and nothing is removed", async () => {
    const db = await s.readDb();
    const customer = db.customers.find((c) => db.orders.some((o) => o.customerId === c.id))!;
    const err = expectGqlError(await gql(as.manager, `mutation { deleteOneCustomer(input: { id: ${customer.id} }) { id } }`), "REFERENCED");
    const rest = await as.manager.del(`/api/customers/${customer.id}`);
    expectError(rest, 409, "REFERENCED");
    expect(err.extensions.counts).toEqual(rest.body.counts);
    expect(err.extensions.counts.orders).toBe(db.orders.filter((o) => o.customerId === customer.id).length);
    expect((await as.manager.get(`/api/customers/${customer.id}`)).status).toBe(200);
  });

  it("each write leaves the audit event REST's write does", async () => {
    const self = staffId(await s.readDb(), "agent");
    const trail = async (id: number) => (await as.manager.get(`/api/audit-events?resource=customers&recordId=${id}&_sort=id&_order=asc`)).body as Row[];
    const shape = (events: Row[]) =>
      events.map((e) => ({ action: e.action, actorId: e.actorId, changes: Object.keys(e.changes as object).sort(), version: e.version }));

    const viaRest = await newCustomer(as.manager, { name: "Trail Co", ownerId: self, tier: "gold" });
    expect((await as.manager.patch(`/api/customers/${viaRest.id}`, { notes: "Called", version: 1 })).status).toBe(200);
    expect((await as.manager.del(`/api/customers/${viaRest.id}`)).status).toBe(200);

    const viaGql = gqlData(
      await gql(
        as.manager,
        `mutation { createOneCustomer(input: { customer: { name: "Trail Co", email: "trail-${uid()}@shop.example", ownerId: ${self}, tier: "gold" } }) { id } }`,
      ),
    ).createOneCustomer;
    gqlData(await gql(as.manager, `mutation { updateOneCustomer(input: { id: ${viaGql.id}, update: { notes: "Called", version: 1 } }) { id version } }`));
    expect(gqlData(await gql(as.manager, `mutation { deleteOneCustomer(input: { id: ${viaGql.id} }) { id name } }`)).deleteOneCustomer).toEqual({
      id: viaGql.id,
      name: "Trail Co",
    });
    expectError(await as.manager.get(`/api/customers/${viaGql.id}`), 404, "NOT_FOUND");

    const [restTrail, gqlTrail] = [await trail(viaRest.id), await trail(viaGql.id)];
    expect(gqlTrail.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(shape(gqlTrail)).toEqual(shape(restTrail));
    expect(gqlTrail[0].actorId).toBe(staffId(await s.readDb(), "manager"));
    expect(gqlTrail[1].changes).toEqual({ notes: { from: null, to: "Called" } });
  });

  it("transitionOrder draft → placed takes the stock REST's transition takes", async () => {
    const product = await newProduct(as.manager, 10);
    const viaRest = await newDraft(as.manager, [{ productId: product.id, quantity: 3 }]);
    const viaGql = await newDraft(as.manager, [{ productId: product.id, quantity: 3 }]);
    const rest = await transition(as.manager, viaRest, "placed");
    expect(rest.status).toBe(200);
    expect(await stockOf(as.manager, product.id)).toBe(7);
    const placed = gqlData(
      await gql(
        as.manager,
        `mutation($id: ID!, $v: Int) { transitionOrder(input: { id: $id, to: "placed", version: $v }) { id status version placedAt customer { id } } }`,
        {
          id: viaGql.id,
          v: viaGql.version,
        },
      ),
    ).transitionOrder;
    expect(placed).toMatchObject({ id: viaGql.id, status: "placed", version: rest.body.version, customer: { id: viaGql.customerId } });
    expect(placed.placedAt).toEqual(expect.any(String));
    expect(await stockOf(as.manager, product.id)).toBe(7 - 3);
    // The same step again is a stale version; a step the lifecycle has not is INVALID_TRANSITION: each as REST answers it.
    const again = await gql(as.manager, `mutation { transitionOrder(input: { id: ${viaGql.id}, to: "placed", version: ${viaGql.version} }) { id } }`);
    expectGqlError(again, restCode(await transition(as.manager, viaRest, "placed")));
    const jump = await gql(as.manager, `mutation { transitionOrder(input: { id: ${viaGql.id}, to: "delivered", version: ${placed.version} }) { id } }`);
    expectGqlError(jump, restCode(await transition(as.manager, rest.body, "delivered")));
    expect(gqlCode(jump)).toBe("INVALID_TRANSITION");
    expect(await stockOf(as.manager, product.id)).toBe(4);
    // The transition's audit trail is REST's.
    const steps = async (id: number) => ((await as.manager.get(`/api/orders/${id}/transitions`)).body as Row[]).map((e) => [e.from, e.to]);
    expect(await steps(viaGql.id)).toEqual(await steps(viaRest.id));
  });
});

describe("a tab's own live events", () => {
  it("a one-record mutation that committed names the live events about its record (X-Event-Ids), as REST's write does; a refused one, a bulk one and a query name none", async () => {
    const stream = await Stream.open(as.manager);
    const eventIds = (res: ApiResponse) => res.headers.get("x-event-ids");
    const seqOf = async (resource: string, action: string, id: number) =>
      String((await stream.until((d) => d.resource === resource && d.action === action && d.id === id, `${resource} ${action}`)).slice(-1)[0].seq);

    const create = await gql(as.manager, `mutation($c: CreateCustomerInput!) { createOneCustomer(input: { customer: $c }) { id version } }`, {
      c: { name: "Own events Co", email: `own-${uid()}@shop.example`, ownerId: staffId(await s.readDb(), "manager") },
    });
    const created = gqlData(create).createOneCustomer;
    expect(eventIds(create)).toBe(await seqOf("customers", "create", created.id));

    // Two mutations in one request: the first commits, the second is refused. The refused field is
    // non-null, so GraphQL answers no data at all: the client takes it as a failure and refreshes
    // nothing, so nothing is named, though the first change is stored and streamed.
    const both = await gql(
      as.manager,
      `mutation { first: updateOneCustomer(input: { id: ${created.id}, update: { notes: "first", version: 1 } }) { id version }
        stale: updateOneCustomer(input: { id: ${created.id}, update: { notes: "stale", version: 1 } }) { id } }`,
    );
    expect(gqlCode(both)).toBe("VERSION_CONFLICT");
    expect(eventIds(both)).toBeNull();
    expect((await as.manager.get(`/api/customers/${created.id}`)).body).toMatchObject({ notes: "first", version: 2 });
    const firstSeq = Number(await seqOf("customers", "update", created.id));
    const refused = await gql(as.manager, `mutation { updateOneCustomer(input: { id: ${created.id}, update: { notes: "again", version: 1 } }) { id } }`);
    expectGqlError(refused, "VERSION_CONFLICT");
    expect(eventIds(refused)).toBeNull();

    const bulk = await gql(
      as.manager,
      `mutation { updateManyCustomers(input: { filter: { id: { in: [${created.id}] } }, update: { tier: "gold" } }) { updatedCount } }`,
    );
    expect(gqlData(bulk).updateManyCustomers).toEqual({ updatedCount: 1 });
    expect(eventIds(bulk)).toBeNull();
    await stream.until((d) => d.resource === "customers" && d.action === "update" && d.id === created.id && d.seq > firstSeq, "the bulk edit");
    const read = await gql(as.manager, `query { customer(id: ${created.id}) { id } }`);
    expect(gqlData(read).customer).toEqual({ id: created.id });
    expect(eventIds(read)).toBeNull();

    // A placement also takes stock, in the same transaction: the stock's event is named too, as REST's transition names it.
    const product = await newProduct(as.manager, 5);
    const draft = await newDraft(as.manager, [{ productId: product.id, quantity: 2 }]);
    const placed = await gql(as.manager, `mutation { transitionOrder(input: { id: ${draft.id}, to: "placed", version: ${draft.version} }) { id status } }`);
    expect(gqlData(placed).transitionOrder).toEqual({ id: draft.id, status: "placed" });
    const caused = [await seqOf("orders", "transition", draft.id), await seqOf("products", "update", product.id)];
    expect(eventIds(placed)?.split(",").sort()).toEqual([...caused].sort());

    const removed = await gql(as.manager, `mutation { deleteOneCustomer(input: { id: ${created.id} }) { id } }`);
    expect(gqlData(removed).deleteOneCustomer).toEqual({ id: created.id });
    expect(eventIds(removed)).toBe(await seqOf("customers", "delete", created.id));
    stream.close();
  });
});

describe("updateMany and deleteMany: an outcome per row", () => {
  it("updateMany writes each row it may, says how each went, as REST's edit-selected does", async () => {
    const mine = await newCustomer(as.agent);
    const theirs = await newCustomer(as.agent2);
    const wanted = [mine.id, theirs.id, 999999];
    const rest = await as.agent.patch("/api/customers", { ids: wanted, changes: { tier: "gold" } });
    expect(rest.status).toBe(200);
    const res = gqlData(
      await gql(
        as.agent,
        `mutation($ids: [ID!]) { updateManyCustomers(input: { filter: { id: { in: $ids } }, update: { tier: "silver" } }) { updatedCount results { id status code message errors } } }`,
        {
          ids: wanted,
        },
      ),
    ).updateManyCustomers;
    expect(res.updatedCount).toBe(1);
    expect(res.results.map((r: Body) => [r.id, r.status, r.code])).toEqual(rest.body.results.map((r: Body) => [r.id, r.status, r.code ?? null]));
    expect(res.results.map((r: Body) => [r.id, r.status, r.code])).toEqual([
      [mine.id, 200, null],
      [theirs.id, 404, "NOT_FOUND"],
      [999999, 404, "NOT_FOUND"],
    ]);
    expect((await as.agent.get(`/api/customers/${mine.id}`)).body).toMatchObject({ tier: "silver", version: 3 });
    expect((await as.agent2.get(`/api/customers/${theirs.id}`)).body).toMatchObject({ tier: "standard", version: 1 });
    // Validation per row.
    const bad = gqlData(
      await gql(
        as.manager,
        `mutation { updateManyCustomers(input: { filter: { id: { in: [${mine.id}] } }, update: { creditLimit: -5 } }) { updatedCount results { id status code errors } } }`,
      ),
    ).updateManyCustomers;
    expect(bad).toMatchObject({
      updatedCount: 0,
      results: [{ id: mine.id, status: 422, code: "VALIDATION_FAILED", errors: { creditLimit: [expect.any(String)] } }],
    });
    // A bad request is refused whole, as REST refuses it.
    const dup = await gql(
      as.manager,
      `mutation { updateManyCustomers(input: { filter: { id: { in: [${mine.id}, ${mine.id}] } }, update: { tier: "gold" } }) { updatedCount } }`,
    );
    expectGqlError(dup, "VALIDATION_FAILED");
    expectError(await as.manager.patch("/api/customers", { ids: [mine.id, mine.id], changes: { tier: "gold" } }), 422, "VALIDATION_FAILED");
    expect((await as.agent.get(`/api/customers/${mine.id}`)).body.tier).toBe("silver");
  });

  it("deleteMany deletes each row it may; the first refusal is the answer, with deletedCount", async () => {
    const ownerId = staffId(await s.readDb(), "agent");
    const [a, b, c] = [await newCustomer(as.manager, { ownerId }), await newCustomer(as.manager, { ownerId }), await newCustomer(as.manager, { ownerId })];
    const deleteMany = (list: number[]) =>
      gql(as.manager, `mutation($ids: [ID!]) { deleteManyCustomers(input: { filter: { id: { in: $ids } } }) { deletedCount } }`, { ids: list });
    expect(gqlData(await deleteMany([a.id, b.id])).deleteManyCustomers).toEqual({ deletedCount: 2 });
    for (const x of [a, b]) expectError(await as.manager.get(`/api/customers/${x.id}`), 404, "NOT_FOUND");

    const db = await s.readDb();
    const referenced = db.customers.find((x) => db.orders.some((o) => o.customerId === x.id))!;
    const res = await deleteMany([c.id, referenced.id, 999999]);
    const err = expectGqlError(res, "REFERENCED");
    expect(err.extensions.deletedCount).toBe(1);
    expect(err.extensions.counts.orders).toBeGreaterThan(0);
    expectError(await as.manager.get(`/api/customers/${c.id}`), 404, "NOT_FOUND");
    expect((await as.manager.get(`/api/customers/${referenced.id}`)).status).toBe(200);
    // An agent has no deleteMany of customers at all.
    expectGqlError(await gql(as.agent, `mutation { deleteManyCustomers(input: { filter: { id: { in: [1] } } }) { deletedCount } }`), "BAD_QUERY");
  });
});

describe("bad input: a catalogue code, never a 500, never a stack", () => {
  const aliases = (n: number, field = "dashboard") => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(" ")} }`;
  /** `__type` is introspection armor does not exempt: each ofType is one level deeper. */
  const deep = (depth: number) => `{ __type(name: "Customer") { fields { type { ${"ofType { ".repeat(depth - 4)}name${" }".repeat(depth - 4)} } } } }`;

  it("depth over 8 is BAD_QUERY; 8 is answered", async () => {
    expect(GRAPHQL_LIMITS.maxDepth).toBe(8);
    expect(gqlData(await gql(as.manager, deep(8))).__type.fields.length).toBeGreaterThan(0);
    const err = expectGqlError(await gql(as.manager, deep(9)), "BAD_QUERY");
    expect(err.message).toMatch(/depth limit of 8/i);
  });

  it("a query costing over the limit is BAD_QUERY", async () => {
    const query = `{ auditEvents { nodes { order { customer { owner { ${"id ".repeat(1000)}} } } } } }`;
    const err = expectGqlError(await gql(as.manager, query), "BAD_QUERY");
    expect(err.message).toMatch(new RegExp(`Cost limit of ${GRAPHQL_LIMITS.maxCost}`, "i"));
  });

  it("16 aliases are BAD_QUERY (15 are answered); 1,000 aliases of a field are BAD_QUERY", async () => {
    expect(Object.keys(gqlData(await gql(as.manager, aliases(15))))).toHaveLength(15);
    expect(expectGqlError(await gql(as.manager, aliases(16)), "BAD_QUERY").message).toMatch(/aliases limit of 15/i);
    const many = await gql(as.manager, aliases(1000, "customers { totalCount }"));
    expectGqlError(many, "BAD_QUERY");
    expect(many.body.data).toBeUndefined();
  });

  it("a batch (a JSON array) of 100 operations is BAD_REQUEST, none run", async () => {
    const name = `Batched ${uid()}`;
    const batch = Array.from({ length: 100 }, (_, i) => ({
      query: i ? "{ dashboard }" : `mutation { createOneCategory(input: { category: { name: "${name}" } }) { id } }`,
    }));
    const res = await as.manager.post("/api/graphql", batch);
    expect(res.status).toBe(400);
    expectGqlError(res, "BAD_REQUEST");
    expect((await as.manager.get(`/api/categories?name=${encodeURIComponent(name)}`)).body).toEqual([]);
  });

  it("unknown fields and types, a hidden field, wrong variables, a syntax error: BAD_QUERY", async () => {
    const cases: [string, string, Record<string, unknown>?][] = [
      ["unknown field", "{ nosuch { id } }"],
      ["unknown field of a type", "{ customers { nodes { id nosuch } } }"],
      ["unknown type", "{ customer(id: 1) { ...F } } fragment F on NoSuchType { id }"],
      ["unknown argument", "{ customers(first: 5) { totalCount } }"],
      ["hidden field", "{ staff { nodes { id passwordHash } } }"],
      ["variable of the wrong type", "query($l: Int) { customers(paging: { limit: $l }) { totalCount } }", { l: "ten" }],
      ["object for an ID", "query($id: ID!) { customer(id: $id) { id } }", { id: { $ne: null } }],
      ["missing required variable", "query($id: ID!) { customer(id: $id) { id } }", {}],
      ["syntax error", "{ customers { nodes { id "],
      ["enum value that is not one", "{ orders(sorting: [{ field: placedAt, direction: SIDEWAYS }]) { totalCount } }"],
    ];
    for (const [what, query, variables] of cases) {
      const res = await gql(as.manager, query, variables);
      try {
        expectGqlError(res, "BAD_QUERY");
        expect(res.body.data ?? null).toBeNull();
      } catch (err) {
        throw new Error(`${what}: ${(err as Error).message}`);
      }
    }
  });

  it("introspection without a session is 401 UNAUTHENTICATED, and tells nothing of the schema", async () => {
    const res = await gql(s.client(), "{ __schema { types { name } } }");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ message: expect.any(String), extensions: { code: "UNAUTHENTICATED", status: 401 } }] });
    expect(res.text).not.toMatch(/Customer|__Type/);
    const get = await s.client().get(`/api/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(get.status).toBe(401);
    expectGqlError(get, "UNAUTHENTICATED");
  });

  it("a query over GET is answered; a mutation over GET is 405 METHOD_NOT_ALLOWED and runs not", async () => {
    const q = await as.manager.get(`/api/graphql?query=${encodeURIComponent("{ customers { totalCount } }")}`);
    expect(gqlData(q).customers.totalCount).toBe(total(await as.manager.get("/api/customers?_end=1")));
    const c = await newCustomer(as.manager, { ownerId: staffId(await s.readDb(), "agent") });
    const res = await as.manager.get(`/api/graphql?query=${encodeURIComponent(`mutation { deleteOneCustomer(input: { id: ${c.id} }) { id } }`)}`);
    expect(res.status).toBe(405);
    expectGqlError(res, "METHOD_NOT_ALLOWED");
    expect((await as.manager.get(`/api/customers/${c.id}`)).status).toBe(200);
  });

  it("an empty body or one that is not a GraphQL request is refused with a code, in GraphQL's shape", async () => {
    const post = (body: string) => as.manager.request("POST", "/api/graphql", { body, headers: { "content-type": "application/json" } });
    const cases: [string, number, ErrorCode][] = [
      ["", 400, "BAD_REQUEST"],
      ["{}", 200, "BAD_REQUEST"],
      ['{"query": ""}', 200, "BAD_QUERY"],
      ['{"query": 5}', 400, "BAD_QUERY"],
      ['{"query": "{ dashboard }", "variables": "x"}', 400, "BAD_QUERY"],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(body);
      expect([res.status, res.body?.errors?.[0]?.extensions?.code], `${body}: ${res.text}`).toEqual([status, code]);
      expectGqlError(res, code);
    }
    // What is not JSON, or not an object or array, the body gate refuses before GraphQL runs: still in GraphQL's shape.
    for (const body of ['{"query": ', "null", "5"]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expectGqlError(res, "BAD_REQUEST");
      expect(res.body.code, "no REST-shaped body beside it").toBeUndefined();
    }
    // And no parser internals in extensions.
    expect(JSON.stringify((await post("")).body)).not.toMatch(/originalError/);
  });

  it("paging over the page limit is BAD_QUERY, as REST's _end is", async () => {
    expectError(await as.manager.get("/api/orders?_start=0&_end=10000"), 400, "BAD_QUERY");
    const err = expectGqlError(await gql(as.manager, "{ orders(paging: { limit: 10000 }) { totalCount } }"), "BAD_QUERY");
    expect(err.message).toMatch(/at most 100/);
    expectGqlError(await gql(as.manager, "{ orders(paging: { limit: -1 }) { totalCount } }"), "BAD_QUERY");
    expectGqlError(await gql(as.manager, "{ orders(paging: { offset: -1 }) { totalCount } }"), "BAD_QUERY");
    expect(gqlData(await gql(as.manager, "{ orders(paging: { limit: 100 }) { nodes { id } } }")).orders.nodes).toHaveLength(100);
  });

  it("an id that is no id is NOT_FOUND, as REST answers it", async () => {
    for (const id of ["99999999999999999999", "abc", "0", "-1", "1.5"]) {
      const res = await gql(as.manager, "query($id: ID!) { customer(id: $id) { id } }", { id });
      expectGqlError(res, "NOT_FOUND");
      expectError(await as.manager.get(`/api/customers/${id}`), 404, "NOT_FOUND");
      expect(STACK.test(res.text)).toBe(false);
    }
  });
});

describe("references, batched per page", () => {
  it("a page of 20 orders names each one's customer and assignee, as REST's rows point at them", async () => {
    const rest = await restList(as.manager, "/api/orders?_sort=id&_order=asc&_end=20");
    const graph = gqlData(
      await gql(
        as.manager,
        `{ orders(sorting: [{ field: id, direction: ASC }], paging: { limit: 20 }) { nodes { id customerId assigneeId customer { id name } assignee { id name } } } }`,
      ),
    ).orders.nodes as Body[];
    expect(ids(graph)).toEqual(rest.ids);
    const byIds = async (resource: string, list: unknown[]) =>
      new Map(((await as.manager.get(`/api/${resource}?${[...new Set(list)].map((id) => `id=${id}`).join("&")}`)).body as Row[]).map((r) => [r.id, r.name]));
    const customers = await byIds(
      "customers",
      rest.rows.map((o) => o.customerId),
    );
    const staff = await byIds(
      "staff",
      rest.rows.map((o) => o.assigneeId),
    );
    expect(customers.size).toBeGreaterThan(1);
    graph.forEach((o, i) => {
      expect(o.customer).toEqual({ id: rest.rows[i].customerId, name: customers.get(rest.rows[i].customerId as number) });
      expect(o.assignee).toEqual({ id: rest.rows[i].assigneeId, name: staff.get(rest.rows[i].assigneeId as number) });
    });
  });

  it("an agent's references reach only what the agent may read: their own customers, no creditLimit", async () => {
    const self = staffId(await s.readDb(), "agent");
    const nodes = gqlData(await gql(as.agent, "{ orders(paging: { limit: 20 }) { nodes { id customer { id ownerId } assignee { id } } } }")).orders
      .nodes as Body[];
    expect(nodes.length).toBeGreaterThan(0);
    for (const o of nodes) expect(o).toMatchObject({ customer: { ownerId: self }, assignee: { id: self } });
    expectGqlError(await gql(as.agent, "{ orders { nodes { customer { creditLimit } } } }"), "BAD_QUERY");
  });

  it("the store is read as often for a page of 5 as for a page of 20 (one list per resource)", async () => {
    const storage = s.storage;
    const original = storage.list;
    let lists: string[] = [];
    storage.list = (resource, plan, scope) => {
      lists.push(resource);
      return original.call(storage, resource, plan, scope);
    };
    const page = async (n: number, select: string) => {
      lists = [];
      expect(gqlData(await gql(as.manager, `{ orders(paging: { limit: ${n} }) { nodes { id ${select} } } }`)).orders.nodes).toHaveLength(n);
      return [...lists].sort();
    };
    try {
      const select = "customer { name } assignee { name }";
      expect(await page(5, select)).toEqual(["customers", "orders", "staff"]);
      expect(await page(20, select)).toEqual(["customers", "orders", "staff"]);
      // A level deeper (the customers' owners) adds at most one read of staff, whatever the page size.
      for (const n of [5, 20, 100]) expect((await page(n, `customer { name owner { name } } assignee { name }`)).length).toBeLessThanOrEqual(4);
    } finally {
      storage.list = original;
    }
  });
});

describe("API tokens", () => {
  it("a read-only token queries; any mutation is FORBIDDEN and writes nothing; a read-write token writes", async () => {
    const bearer = async (readOnly: boolean) => {
      const res = await as.manager.post("/api/tokens", { name: `GraphQL ${readOnly ? "reader" : "writer"}`, expiresInDays: 1, readOnly });
      expect(res.status, res.text).toBe(201);
      return { headers: { authorization: `Bearer ${res.body.token}` } };
    };
    const made = async (readOnly: boolean) => {
      const auth = await bearer(readOnly);
      return (query: string) => s.client().post("/api/graphql", { query }, auth);
    };
    const ro = await made(true);
    const count = async () => total(await as.manager.get("/api/categories?_end=1"));
    expect(gqlData(await ro("{ categories { totalCount } }")).categories.totalCount).toBe(await count());
    const before = await count();
    const name = `Token cat ${uid()}`;
    const res = await ro(`mutation { createOneCategory(input: { category: { name: "${name}" } }) { id } }`);
    expectGqlError(res, "FORBIDDEN");
    expect(res.body.errors[0].message).toMatch(/read-only/);
    expect(await count()).toBe(before);
    const cat = (await as.manager.get("/api/categories?_end=1")).body[0];
    expectGqlError(
      await ro(`mutation { updateOneCategory(input: { id: ${cat.id}, update: { description: "by token", version: ${cat.version} } }) { id } }`),
      "FORBIDDEN",
    );
    expect((await as.manager.get(`/api/categories/${cat.id}`)).body).toEqual(cat);
    // REST refuses it too.
    expectError(await s.client().post("/api/categories", { name }, await bearer(true)), 403, "FORBIDDEN");
    expect(await count()).toBe(before);

    const rw = await made(false);
    expect(gqlData(await rw(`mutation { createOneCategory(input: { category: { name: "${name}" } }) { id name } }`)).createOneCategory.name).toBe(name);
    expect(await count()).toBe(before + 1);
  });
});

describe("dashboard", () => {
  it.each(["manager", "agent", "auditor"] as const)("%s: { dashboard } is REST's /api/stats/dashboard", async (role) => {
    const [graph, rest] = await Promise.all([gql(as[role], "{ dashboard }"), as[role].get("/api/stats/dashboard")]);
    expect(rest.status).toBe(200);
    const { asOf: _g, ...fromGql } = gqlData(graph).dashboard;
    const { asOf: _r, ...fromRest } = rest.body;
    expect(fromGql).toEqual(fromRest);
    expect(fromGql.scope).toBe(role === "agent" ? "own" : "all");
    if (role === "agent") expect(graph.text).not.toMatch(/cost|creditLimit/i);
  });
});
