import { stringifyDocument } from "@urql/core";
import { AxiosError, AxiosHeaders, type AxiosResponse } from "axios";
import { describe, expect, it } from "vitest";
import { RESOURCE_NAMES } from "../../domain/entities";
import { defineAbilityFor } from "../../domain/policy";
import { GRAPHQL_URL } from "../config";
import { DASHBOARD, documentFor, transitionDocument, type DocumentKind } from "./graphql/documents";
import { isWrite, toHttpError } from "./http-client";

function failed(status: number, data: unknown, headers: Record<string, string> = {}) {
  const response = { status, data, headers: new AxiosHeaders(headers), statusText: "", config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", undefined, undefined, response);
}

describe("our error body as Refine's HttpError", () => {
  it("keeps the code, the message and the field errors (which useForm puts on the inputs)", () => {
    const e = toHttpError(
      failed(409, { code: "DUPLICATE", message: "Already taken", errors: { email: ["This email is already taken"] } }, { "x-request-id": "r-1" }),
    );
    expect(e).toMatchObject({
      statusCode: 409,
      code: "DUPLICATE",
      message: "Already taken",
      errors: { email: ["This email is already taken"] },
      requestId: "r-1",
    });
  });

  it("reads the wait of a rate limit from Retry-After, else from the body", () => {
    expect(toHttpError(failed(429, { code: "RATE_LIMITED", message: "Slow down" }, { "retry-after": "120" })).retryAfter).toBe(120);
    expect(toHttpError(failed(429, { code: "RATE_LIMITED", message: "Slow down", retryAfter: 30 })).retryAfter).toBe(30);
  });

  it("keeps the rest of the body (a version conflict's current record)", () => {
    expect(toHttpError(failed(409, { code: "VERSION_CONFLICT", message: "Stale", current: { id: 1, version: 3 } })).body?.current).toEqual({
      id: 1,
      version: 3,
    });
  });

  it("says so when the server cannot be reached, and ignores codes not in the catalogue", () => {
    expect(toHttpError(new AxiosError("Network Error", "ERR_NETWORK"))).toMatchObject({
      statusCode: 0,
      message: expect.stringMatching(/^Can.t reach the server — check your connection$/),
    });
    expect(toHttpError(failed(418, { code: "TEAPOT", message: "No" })).code).toBeUndefined();
  });
});

describe("which requests hold the live stream's events until they are answered", () => {
  const post = (url: string, data: unknown) => ({ url, method: "post", data: typeof data === "string" ? data : JSON.stringify(data) });
  it("a REST write, and a GraphQL mutation, but not a GraphQL query (a POST too) nor a body GraphQL cannot read", () => {
    expect(isWrite(post("/api/customers", { name: "A" }))).toBe(true);
    expect(isWrite({ url: "/api/customers/3", method: "patch", data: "{}" })).toBe(true);
    expect(
      isWrite(post(GRAPHQL_URL, { query: "mutation UpdateOneCustomer($input: UpdateOneCustomerInput!) { updateOneCustomer(input: $input) { id } }" })),
    ).toBe(true);
    expect(isWrite(post(GRAPHQL_URL, { query: '  mutation { transitionOrder(input: { id: 1, to: "paid" }) { id } }' }))).toBe(true);
    expect(isWrite(post(GRAPHQL_URL, { query: "query OrderOne($id: ID!) { order(id: $id) { id } }", variables: { id: 1 } }))).toBe(false);
    expect(isWrite(post(GRAPHQL_URL, { query: "{ dashboard }" }))).toBe(false);
    expect(isWrite(post(GRAPHQL_URL, "not json"))).toBe(false);
  });

  it("each of the app's GraphQL documents, as urql sends it: a mutation holds them, a query does not", () => {
    const admin = defineAbilityFor({ id: 1, role: "admin" });
    const sent = (doc: Parameters<typeof stringifyDocument>[0]) => post(GRAPHQL_URL, { query: stringifyDocument(doc), variables: {} });
    const kinds: Record<DocumentKind, boolean> = { list: false, one: false, create: true, update: true, delete: true, updateMany: true, deleteMany: true };
    for (const resource of RESOURCE_NAMES)
      for (const [kind, writes] of Object.entries(kinds))
        expect(isWrite(sent(documentFor(admin, resource, kind as DocumentKind))), `${resource} ${kind}`).toBe(writes);
    expect(isWrite(sent(transitionDocument(admin)))).toBe(true);
    expect(isWrite(sent(DASHBOARD))).toBe(false);
  });
});
