import { describe, expect, it } from "vitest";
import { listUrl, recordUrl } from "./list-url";

describe("listUrl", () => {
  it("writes filters and sorters the way syncWithLocation reads them", () => {
    expect(
      listUrl(
        "products",
        [
          { field: "status", operator: "in", value: ["active"] },
          { field: "stock", operator: "lte", value: 10 },
        ],
        [{ field: "stock", order: "asc" }],
      ),
    ).toBe(
      "/products?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=active&filters[1][field]=stock&filters[1][operator]=lte&filters[1][value]=10&sorters[0][field]=stock&sorters[0][order]=asc",
    );
  });
  it("encodes values and leaves a bare list alone", () => {
    expect(listUrl("audit-events", [{ field: "q", operator: "eq", value: "a&b" }])).toBe(
      "/audit-events?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=a%26b",
    );
    expect(listUrl("orders", [])).toBe("/orders");
  });
  it("names a record's page and edit form as the app's routes do", () => {
    expect(recordUrl("orders", "show", 12)).toBe("/orders/show/12");
    expect(recordUrl("views", "edit", "a/b")).toBe("/views/edit/a%2Fb");
  });
});
