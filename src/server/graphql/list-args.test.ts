import { describe, expect, it } from "vitest";
import { AppError } from "../../domain/errors";
import { listQueryString } from "./list-args";

const asObject = (args: Parameters<typeof listQueryString>[0]) => {
  const out: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(listQueryString(args))) (out[k] ??= []).push(v);
  return out;
};

describe("a GraphQL list's arguments in simple-rest's query dialect", () => {
  it("says each comparison, the sort and the page as the REST list takes them", () => {
    expect(
      asObject({
        filter: {
          status: { neq: "draft", in: null },
          total: { gte: 1000, lte: 5000 },
          customerId: { in: [3, 4] },
          notes: { iLike: "%rush%" },
          q: { eq: "Ada" },
        },
        sorting: [
          { field: "placedAt", direction: "desc" },
          { field: "number", direction: "asc" },
        ],
        paging: { limit: 10, offset: 20 },
      }),
    ).toEqual({
      status_ne: ["draft"],
      total_gte: ["1000"],
      total_lte: ["5000"],
      customerId: ["3", "4"],
      notes_like: ["rush"],
      q: ["Ada"],
      _sort: ["placedAt,number"],
      _order: ["desc,asc"],
      _start: ["20"],
      _end: ["30"],
    });
  });

  it("asks for the default page when the client wants every row (@refinedev/graphql's largest Int)", () => {
    expect(asObject({ paging: { limit: 2147483647 } })).toEqual({});
  });

  it("an empty list of ids matches nothing; other comparisons it cannot say are BAD_QUERY", () => {
    expect(asObject({ filter: { id: { in: [] } } })).toEqual({ id: ["0"] });
    const refused = (args: Parameters<typeof listQueryString>[0]) => {
      try {
        listQueryString(args);
      } catch (err) {
        return err instanceof AppError ? err.code : "other";
      }
      return "accepted";
    };
    expect(refused({ filter: { name: { iLike: "Ada%" } } })).toBe("BAD_QUERY");
    expect(refused({ filter: { status: { in: [] } } })).toBe("BAD_QUERY");
    expect(refused({ paging: { limit: -1 } })).toBe("BAD_QUERY");
    expect(refused({ paging: { offset: -5 } })).toBe("BAD_QUERY");
  });
});
