import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { listVariables, toHttpError } from "./data-provider";

describe("a GraphQL error as the HttpError the REST provider throws", () => {
  it("keeps the catalogue code, the status, the field errors and the detail (the conflict dialog's current record)", () => {
    const error = new CombinedError({
      graphQLErrors: [
        new GraphQLError("Someone else changed this record", {
          extensions: { code: "VERSION_CONFLICT", status: 409, errors: { version: ["Stale"] }, current: { id: 4, version: 3 } },
        }),
      ],
    });
    expect(toHttpError(error)).toEqual({
      message: "Someone else changed this record",
      statusCode: 409,
      code: "VERSION_CONFLICT",
      errors: { version: ["Stale"] },
      body: { code: "VERSION_CONFLICT", message: "Someone else changed this record", errors: { version: ["Stale"] }, current: { id: 4, version: 3 } },
    });
  });

  it("an error without a code is a 400; no answer at all is the unreachable server's 0", () => {
    expect(toHttpError(new CombinedError({ graphQLErrors: [new GraphQLError("Cannot query field")] })).statusCode).toBe(400);
    expect(toHttpError(new CombinedError({ networkError: new Error("Failed to fetch") })).statusCode).toBe(0);
  });
});

describe("Refine's list parameters as the list's GraphQL arguments", () => {
  it("keeps both ends of a range on one field, and types text the address gave as the field's type", () => {
    const vars = listVariables({
      resource: "orders",
      filters: [
        { field: "placedAt", operator: "gte", value: "2026-03-01T00:00:00.000Z" },
        { field: "placedAt", operator: "lte", value: "2026-03-31T23:59:59.999Z" },
        { field: "customerId", operator: "eq", value: "12" },
        { field: "status", operator: "in", value: ["paid", "shipped"] },
        { field: "q", operator: "eq", value: "Ada" },
        { field: "notes", operator: "contains", value: "rush" },
        { field: "assigneeId", operator: "eq", value: undefined },
      ],
      sorters: [{ field: "placedAt", order: "desc" }],
      pagination: { currentPage: 3, pageSize: 20 },
    });
    expect(vars).toEqual({
      filter: {
        placedAt: { gte: "2026-03-01T00:00:00.000Z", lte: "2026-03-31T23:59:59.999Z" },
        customerId: { eq: 12 },
        status: { in: ["paid", "shipped"] },
        q: { eq: "Ada" },
        notes: { iLike: "%rush%" },
      },
      sorting: [{ field: "placedAt", direction: "DESC" }],
      paging: { limit: 20, offset: 40 },
    });
  });

  it("asks for no page when Refine's pagination is off, as simple-rest does", () => {
    expect(listVariables({ resource: "categories", pagination: { mode: "off" } })).not.toHaveProperty("paging");
  });
});
