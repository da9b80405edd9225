import { describe, expect, it } from "vitest";
import { orders } from "../../domain/entities";
import { defineAbilityFor } from "../../domain/policy";
import { columnFields } from "./entity-view";
import { arrangeColumns, moveColumn, queryOf, shownFields, visibleNames } from "./list-columns";

const fields = columnFields(orders, defineAbilityFor({ id: 7, role: "manager" }));
const all = ["number", "customerId", "assigneeId", "total", "status", "placedAt", "createdAt"];

describe("a person's columns on top of what the list may show", () => {
  it("shows every column in the definition's order until the person chooses", () => {
    expect(visibleNames(arrangeColumns(fields, undefined, "number"))).toEqual(all);
    expect(visibleNames(arrangeColumns(fields, [], "number"))).toEqual(all);
  });

  it("shows the chosen ones in the chosen order, each hidden one after its neighbour in the definition", () => {
    const choice = arrangeColumns(fields, ["status", "number", "total"], "number");
    expect(choice.map((c) => c.name)).toEqual(["status", "placedAt", "createdAt", "number", "customerId", "assigneeId", "total"]);
    expect(visibleNames(choice)).toEqual(["status", "number", "total"]);
  });

  it("ignores names that are not (or no longer) readable, and repeats", () => {
    expect(visibleNames(arrangeColumns(fields, ["number", "secret", "total", "total"], "number"))).toEqual(["number", "total"]);
    // Nothing left that it may show: as if nothing were chosen.
    expect(visibleNames(arrangeColumns(fields, ["secret"], "number"))).toEqual(all);
  });

  it("always shows the record's label, where the definition puts it", () => {
    expect(visibleNames(arrangeColumns(fields, ["status", "total"], "number"))).toEqual(["number", "status", "total"]);
    expect(shownFields(fields, ["total"], "number").map(([n]) => n)).toEqual(["number", "total"]);
  });

  it("moves a column up or down, and not past either end", () => {
    const start = arrangeColumns(fields, ["number", "total", "status"], "number");
    expect(visibleNames(moveColumn(start, "status", -1))).toEqual(["number", "status", "total"]);
    // Hidden, then shown again: back where it was.
    const hidden = arrangeColumns(fields, ["number", "customerId", "total", "status"], "number");
    expect(visibleNames(hidden.map((c) => (c.name === "assigneeId" ? { ...c, visible: true } : c)))).toEqual([
      "number",
      "customerId",
      "assigneeId",
      "total",
      "status",
    ]);
    expect(moveColumn(start, "number", -1).map((c) => c.name)).toEqual(start.map((c) => c.name));
    expect(moveColumn(start, "createdAt", 1).map((c) => c.name)).toEqual(start.map((c) => c.name));
  });
});

describe("what is on screen, as a view's query", () => {
  it("keeps filters that hold a value, the sort, a valid page size and the columns", () => {
    const q = queryOf({
      filters: [
        { field: "status", operator: "in", value: ["paid"] },
        { field: "q", operator: "eq", value: undefined },
        { field: "customerId", operator: "in", value: [] },
        { operator: "or", value: [{ field: "total", operator: "gte", value: 1 }] },
      ],
      sorters: [{ field: "placedAt", order: "desc" }],
      pageSize: 50,
      columns: ["number", "status"],
    });
    expect(q).toEqual({
      filters: [{ field: "status", operator: "in", value: ["paid"] }],
      sorters: [{ field: "placedAt", order: "desc" }],
      pageSize: 50,
      columns: ["number", "status"],
    });
    expect(queryOf({ filters: [], sorters: [], pageSize: 13, columns: [] })).not.toHaveProperty("pageSize");
  });
});
