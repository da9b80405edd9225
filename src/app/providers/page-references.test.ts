import { keys, type DataProvider } from "@refinedev/core";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type BootRequests = typeof import("../lib/boot-requests");
type PageReferences = typeof import("./page-references");

/** The requests the browser was asked to send, each answered when the test says. */
let sent: { url: string; answer: (body: unknown) => void }[];
let boot: BootRequests;
let refs: PageReferences;
const location = { pathname: "/orders", search: "" };

beforeEach(async () => {
  sent = [];
  vi.stubGlobal("window", { location, addEventListener: () => undefined });
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (url: string) => new Promise<Response>((resolve) => sent.push({ url, answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })) })),
    ),
  );
  vi.resetModules();
  boot = await import("../lib/boot-requests");
  refs = await import("./page-references");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ORDERS = [
  { id: 11, customerId: 5 },
  { id: 12, customerId: 2 },
  { id: 13, customerId: 5 },
];
const CUSTOMERS_2_5 = "/api/customers?id=2&id=5";

/** simple-rest's getList as far as this needs it: the page of orders, when the test lets it answer. */
function ordersProvider() {
  let answer!: () => void;
  const provider = {
    getList: () => new Promise((resolve) => (answer = () => resolve({ data: ORDERS, total: 40 }))),
  } as unknown as DataProvider;
  return { provider: refs.withPageReferences(provider, "/api"), answer: () => answer() };
}

const onScreen = (page: Partial<Parameters<PageReferences["showTablePage"]>[1]> = {}) =>
  refs.showTablePage("orders", { lookups: [{ field: "customerId", resource: "customers" }], idsNow: new Map([["customerId", [1]]]), hasRows: true, ...page });

const getOrders = (provider: DataProvider, meta: Record<string, unknown> = refs.WITH_PAGE_REFERENCES) =>
  provider.getList({ resource: "orders", pagination: { currentPage: 2, pageSize: 20 }, meta });

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a table page's rows come with their references", () => {
  it("sends the look-ups the table will make as soon as the rows arrive, and hands rows replacing rows over once those answers are in", async () => {
    onScreen();
    const { provider, answer } = ordersProvider();
    let result: unknown;
    void getOrders(provider).then((r) => (result = r));
    answer();
    await settle();
    // Distinct and sorted, as the table's look-up asks: one request, the one the page would make.
    expect(sent.map((s) => s.url)).toEqual([CUSTOMERS_2_5]);
    expect(result).toBeUndefined();
    sent[0].answer([{ id: 2 }, { id: 5 }]);
    await settle();
    expect(result).toEqual({ data: ORDERS, total: 40 });
    // The page's own look-up takes that answer instead of asking again.
    const taken = await boot.takeBootAnswer(CUSTOMERS_2_5);
    expect(JSON.parse(taken!.body)).toEqual([{ id: 2 }, { id: 5 }]);
  });

  it("does not hold a first page back: its look-ups are sent, its rows handed over at once", async () => {
    onScreen({ hasRows: false });
    const { provider, answer } = ordersProvider();
    const result = getOrders(provider);
    answer();
    await expect(result).resolves.toEqual({ data: ORDERS, total: 40 });
    expect(sent.map((s) => s.url)).toEqual([CUSTOMERS_2_5]);
  });

  it("asks nothing when the table already shows those ids, when no table of the resource is on screen, or for another list of it", async () => {
    const gone = onScreen({ idsNow: new Map([["customerId", [2, 5]]]) });
    let { provider, answer } = ordersProvider();
    const same = getOrders(provider);
    answer();
    await expect(same).resolves.toEqual({ data: ORDERS, total: 40 });
    gone();
    ({ provider, answer } = ordersProvider());
    const none = getOrders(provider);
    answer();
    await expect(none).resolves.toEqual({ data: ORDERS, total: 40 });
    onScreen();
    ({ provider, answer } = ordersProvider());
    // A select's options, an export: a list read without the table's meta.
    const other = getOrders(provider, {});
    answer();
    await expect(other).resolves.toEqual({ data: ORDERS, total: 40 });
    expect(sent).toEqual([]);
  });

  it("hands the rows over without their names once it has waited long enough", async () => {
    vi.useFakeTimers();
    onScreen();
    const { provider, answer } = ordersProvider();
    let result: unknown;
    void getOrders(provider).then((r) => (result = r));
    answer();
    await vi.advanceTimersByTimeAsync(refs.PAGE_REFERENCES_WAIT_MS - 1);
    expect(sent.map((s) => s.url)).toEqual([CUSTOMERS_2_5]);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ data: ORDERS, total: 40 });
  });
});

/** The key of a list query of orders, as Refine builds it. */
const listKey = (meta: Record<string, unknown>) =>
  keys()
    .data("default")
    .resource("orders")
    .action("list")
    .params({
      ...meta,
      filters: [{ field: "status", operator: "eq", value: "draft" }],
      pagination: { currentPage: 1, pageSize: 20, mode: "server" },
      sorters: [{ field: "createdAt", order: "desc" }],
    })
    .get();

describe("readListPageBeside", () => {
  /** A list query as a table on screen holds it: observed, enabled. */
  const observe = (client: QueryClient, queryKey: readonly unknown[]) =>
    new QueryObserver(client, { queryKey, queryFn: () => new Promise(() => undefined), staleTime: Infinity }).subscribe(() => undefined);

  it("sends the table's list read at the page chosen, then its rows' references as soon as that answer is in, and is done once they are", async () => {
    const client = new QueryClient();
    observe(client, listKey(refs.WITH_PAGE_REFERENCES));
    onScreen();
    let done = false;
    void refs.readListPageBeside(client, "/api", "orders", 2).then(() => (done = true));
    const pageTwo = "/api/orders?_end=40&_order=desc&_sort=createdAt&_start=20&status=draft";
    expect(sent.map((s) => s.url)).toEqual([pageTwo]);
    sent[0].answer(ORDERS);
    await settle();
    expect(sent.map((s) => s.url)).toEqual([pageTwo, CUSTOMERS_2_5]);
    expect(done).toBe(false);
    sent[1].answer([{ id: 2 }, { id: 5 }]);
    await settle();
    expect(done).toBe(true);
    // Both answers stand in for the reads the page then makes itself.
    expect(boot.arrivedAnswer(pageTwo)?.status).toBe(200);
    expect(boot.arrivedAnswer(CUSTOMERS_2_5)?.status).toBe(200);
  });

  it("sends nothing, and waits for nothing, unless exactly one table's list of the resource is on screen", async () => {
    const client = new QueryClient();
    await refs.readListPageBeside(client, "/api", "orders", 2);
    // A list that is not a table's (a select's options).
    observe(client, listKey({}));
    await refs.readListPageBeside(client, "/api", "orders", 2);
    observe(client, listKey({ ...refs.WITH_PAGE_REFERENCES, label: "one" }));
    observe(client, listKey({ ...refs.WITH_PAGE_REFERENCES, label: "two" }));
    await refs.readListPageBeside(client, "/api", "orders", 2);
    expect(sent).toEqual([]);
  });
});

describe("mayShowEarlyRows", () => {
  const table = () => listKey(refs.WITH_PAGE_REFERENCES);

  it("keeps back rows that would replace a table page's rows until their names' answers are in", async () => {
    onScreen();
    expect(refs.mayShowEarlyRows("/api", table(), ORDERS)).toBe(false);
    const names = boot.readBeside(CUSTOMERS_2_5);
    expect(refs.mayShowEarlyRows("/api", table(), ORDERS)).toBe(false);
    sent[0].answer([{ id: 2 }, { id: 5 }]);
    await names;
    expect(refs.mayShowEarlyRows("/api", table(), ORDERS)).toBe(true);
  });

  it("lets rows show at once on a first page, for ids the table already names, and for a list that is not a table's", () => {
    const first = onScreen({ hasRows: false });
    expect(refs.mayShowEarlyRows("/api", table(), ORDERS)).toBe(true);
    first();
    onScreen({ idsNow: new Map([["customerId", [2, 5]]]) });
    expect(refs.mayShowEarlyRows("/api", table(), ORDERS)).toBe(true);
    onScreen();
    expect(refs.mayShowEarlyRows("/api", listKey({}), ORDERS)).toBe(true);
    expect(sent).toEqual([]);
  });
});
