import { keys } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BootAnswer } from "../lib/boot-requests";

// The early answers that have arrived, by URL (boot-requests keeps them for the page they were sent for).
const arrived = new Map<string, BootAnswer>();
const askedFor: string[] = [];
vi.mock("../lib/boot-requests", () => ({
  arrivedAnswer: (url: string) => {
    askedFor.push(url);
    return arrived.get(url);
  },
}));
const { listReadForPath, restReadUrl, startQueriesWithEarlyAnswers } = await import("./early-answers");
const { ENTITIES } = await import("../../domain/entities");

const ORDERS_PAGE = "/api/orders?_end=20&_order=desc&_sort=createdAt&_start=0";
const listKey = (params: Record<string, unknown> = {}) =>
  keys()
    .data("default")
    .resource("orders")
    .action("list")
    .params({ filters: [], pagination: { currentPage: 1, pageSize: 20, mode: "server" }, sorters: [{ field: "createdAt", order: "desc" }], ...params })
    .get();
const manyKey = (ids: number[]) =>
  keys()
    .data("default")
    .resource("customers")
    .action("many")
    .ids(...ids)
    .params({})
    .get();
const answer = (body: unknown, status = 200, headers: Record<string, string> = {}): BootAnswer => ({
  status,
  statusText: "",
  headers,
  body: typeof body === "string" ? body : JSON.stringify(body),
});

let client: QueryClient;
let stop: () => void;
/** The query a component's hook would build for `queryKey`, as react-query builds it on first render. */
const build = (queryKey: readonly unknown[], options: Record<string, unknown> = {}) => client.getQueryCache().build(client, { queryKey, ...options });

beforeEach(() => {
  arrived.clear();
  askedFor.length = 0;
  client = new QueryClient();
  stop = startQueriesWithEarlyAnswers(client, "/api");
});
afterEach(() => stop());

describe("restReadUrl", () => {
  it("is the URL simple-rest reads for a list's page, filters included, and for a look-up by ids", () => {
    expect(restReadUrl("/api", listKey())).toBe(ORDERS_PAGE);
    expect(restReadUrl("/api", listKey({ filters: [{ field: "status", operator: "in", value: ["draft", "placed"] }] }))).toBe(
      "/api/orders?_end=20&_order=desc&_sort=createdAt&_start=0&status=draft&status=placed",
    );
    expect(restReadUrl("/api", manyKey([5, 1]))).toBe("/api/customers?id=5&id=1");
  });

  it("is nothing for a record, a custom read, another provider, a look-up without ids, or a list read by another method than GET", () => {
    expect(restReadUrl("/api", keys().data("default").resource("orders").action("one").id(3).params({}).get())).toBeUndefined();
    expect(restReadUrl("/api", keys().data("default").mutation("custom").params({ url: "/api/auth/preferences" }).get())).toBeUndefined();
    expect(restReadUrl("/api", keys().data("graphql").resource("orders").action("list").params({}).get())).toBeUndefined();
    expect(restReadUrl("/api", keys().data("default").resource("customers").action("many").ids().params({}).get())).toBeUndefined();
    expect(restReadUrl("/api", listKey({ method: "post" }))).toBeUndefined();
  });
});

describe("listReadForPath", () => {
  it("is the first page a list's table reads when opened by its bare path, at its default sort and page size", () => {
    expect(listReadForPath("/api", "/orders", "", ENTITIES)).toBe(ORDERS_PAGE);
    const staff = ENTITIES.find((def) => def.name === "staff")!;
    expect(listReadForPath("/api", "/staff", "", ENTITIES)).toBe(
      `/api/staff?_end=20&_order=${staff.list.defaultSort.order}&_sort=${staff.list.defaultSort.field}&_start=0`,
    );
  });

  it("is nothing for a list whose address carries its own page, sort or filters, a record's page, or a path of no resource", () => {
    expect(listReadForPath("/api", "/orders", "?current=2&pageSize=20", ENTITIES)).toBeUndefined();
    expect(listReadForPath("/api", "/orders/show/3", "", ENTITIES)).toBeUndefined();
    expect(listReadForPath("/api", "/", "", ENTITIES)).toBeUndefined();
    expect(listReadForPath("/api", "/trash", "", ENTITIES)).toBeUndefined();
  });
});

describe("startQueriesWithEarlyAnswers", () => {
  it("starts a list's query with the early answer to its URL: the rows, and the total from its header", () => {
    arrived.set(ORDERS_PAGE, answer([{ id: 1 }, { id: 2 }], 200, { "x-total-count": "57" }));
    const query = build(listKey());
    expect(query.state.data).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 57 });
    expect(query.state.status).toBe("success");
    // The query's own request still goes out (and takes the same answer): it is due at once.
    expect(query.isStaleByTime(0)).toBe(true);
  });

  it("counts the rows when the answer has no total, and starts a look-up with its records", () => {
    arrived.set(ORDERS_PAGE, answer([{ id: 1 }]));
    expect(build(listKey()).state.data).toEqual({ data: [{ id: 1 }], total: 1 });
    arrived.set("/api/customers?id=5&id=1", answer([{ id: 5 }, { id: 1 }]));
    expect(build(manyKey([5, 1])).state.data).toEqual({ data: [{ id: 5 }, { id: 1 }] });
  });

  it("leaves a query to its own request when no answer to its URL is in, or the answer is a refusal or not a list of records", () => {
    expect(build(listKey()).state.data).toBeUndefined();
    expect(askedFor).toEqual([ORDERS_PAGE]);
    arrived.set("/api/customers?id=1", answer({ code: "FORBIDDEN", message: "No" }, 403));
    expect(build(manyKey([1])).state.data).toBeUndefined();
    arrived.set("/api/customers?id=2", answer("<html>"));
    expect(build(manyKey([2])).state.data).toBeUndefined();
    arrived.set("/api/customers?id=3", answer({ id: 3 }));
    expect(build(manyKey([3])).state.data).toBeUndefined();
  });

  it("does not start a query that is switched off, nor one that has data already", () => {
    arrived.set(ORDERS_PAGE, answer([{ id: 1 }]));
    expect(build(listKey(), { enabled: false }).state.data).toBeUndefined();
    arrived.set("/api/customers?id=7", answer([{ id: 7, name: "early" }]));
    expect(build(manyKey([7]), { initialData: { data: [{ id: 7, name: "given" }] } }).state.data).toEqual({ data: [{ id: 7, name: "given" }] });
  });

  it("stops when unsubscribed", () => {
    stop();
    arrived.set(ORDERS_PAGE, answer([{ id: 1 }]));
    expect(build(listKey()).state.data).toBeUndefined();
  });
});
