import { describe, expect, it } from "vitest";
import { queryFor } from "./views";
import { viewQuerySchema } from "./views-schema";

describe("a saved view's query as one reader applies it", () => {
  const query = {
    filters: [
      { field: "q", operator: "contains", value: "acme" },
      { field: "tier", operator: "eq", value: "gold" },
      { field: "creditLimit", operator: "gte", value: 1000 },
    ],
    sorters: [{ field: "creditLimit", order: "desc" }],
    pageSize: 50,
    columns: ["name", "creditLimit", "tier"],
  };

  it("leaves out filters, sort and columns on fields the reader may not read, and keeps the search", () => {
    expect(viewQuerySchema.safeParse(query).success).toBe(true);
    expect(queryFor(query, ["name", "tier"])).toEqual({
      filters: [
        { field: "q", operator: "contains", value: "acme" },
        { field: "tier", operator: "eq", value: "gold" },
      ],
      sorters: [],
      pageSize: 50,
      columns: ["name", "tier"],
    });
  });

  it("keeps everything for a reader who may read every field it names", () => {
    expect(queryFor(query, ["name", "tier", "creditLimit"])).toEqual(query);
  });

  it("hands back what is not a query's shape as it is", () => {
    for (const odd of [null, "text", [1], { filters: "tier" }, { columns: [1] }, { sorters: [null] }]) expect(queryFor(odd, [])).toBe(odd);
  });
});
