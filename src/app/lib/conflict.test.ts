import { describe, expect, it } from "vitest";
import { customers } from "../../domain/entities";
import { conflictRows } from "./conflict";
import type { NamedField } from "./entity-view";

const fields = Object.entries(customers.fields) as NamedField[];
const base = { id: 1, name: "Ann", email: "ann@example.com", tier: "standard", notes: "old", version: 3 };

describe("what a version conflict is about", () => {
  it("lists each field either side changed, with both values, and marks the clashes", () => {
    const theirs = { ...base, tier: "gold", notes: "theirs", version: 4 };
    const mine = { ...base, name: "Ann B", notes: "mine" };
    const rows = conflictRows(fields, base, theirs, mine);
    expect(rows.map((r) => [r.name, r.theyChanged, r.iChanged, r.clash])).toEqual([
      ["name", false, true, false],
      ["tier", true, false, false],
      ["notes", true, true, true],
    ]);
    expect(rows[2]).toMatchObject({ base: "old", theirs: "theirs", mine: "mine" });
  });

  it("the same change on both sides is not a clash; absent and empty are the same", () => {
    const rows = conflictRows(fields, { ...base, phone: undefined }, { ...base, tier: "gold" }, { ...base, tier: "gold", phone: "" });
    expect(rows).toEqual([expect.objectContaining({ name: "tier", theyChanged: true, iChanged: true, clash: false })]);
  });

  it("a field the reader may not see is not in the form, so not in the conflict", () => {
    const agentFields = fields.filter(([n]) => n !== "creditLimit");
    expect(conflictRows(agentFields, base, { ...base, creditLimit: 5 }, base)).toEqual([]);
  });
});
