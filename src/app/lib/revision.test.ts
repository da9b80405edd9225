import { describe, expect, it } from "vitest";
import { customers } from "../../domain/entities";
import type { NamedField } from "./entity-view";
import { isLatest, isRevision, revisionRows, valuesAfter } from "./revision";

const fields = Object.entries(customers.fields) as NamedField[];
const now = { id: 7, name: "Ann", email: "ann@example.com", tier: "silver", notes: "Third", creditLimit: 100, version: 4 };
// The record's events as the History tab holds them: newest first.
const events = [
  { id: 40, action: "update", changes: { notes: { from: "Second", to: "Third" } } },
  { id: 30, action: "update", changes: { notes: { from: "First", to: "Second" }, tier: { from: "gold", to: "silver" } } },
  { id: 20, action: "create", changes: { name: { from: null, to: "Ann" }, notes: { from: null, to: "First" }, tier: { from: null, to: "gold" } } },
];

describe("a record's version after one of its events", () => {
  it("is the record now with every later change undone", () => {
    expect(valuesAfter(now, events, 30)).toMatchObject({ notes: "Second", tier: "silver" });
    expect(valuesAfter(now, events, 20)).toMatchObject({ notes: "First", tier: "gold", name: "Ann" });
    expect(valuesAfter(now, events, 40)).toEqual(now);
  });

  it("does not depend on the order the events come in", () => {
    expect(valuesAfter(now, [...events].reverse(), 20)).toEqual(valuesAfter(now, events, 20));
  });

  it("walks back through a deletion and its restore", () => {
    const withRestore = [
      { id: 60, action: "restore", changes: { notes: { from: null, to: "Third" }, tier: { from: null, to: "silver" } } },
      { id: 50, action: "delete", changes: { notes: { from: "Third", to: null }, tier: { from: "silver", to: null } } },
      ...events,
    ];
    expect(valuesAfter(now, withRestore, 30)).toMatchObject({ notes: "Second", tier: "silver" });
    expect(valuesAfter(now, withRestore, 20)).toMatchObject({ notes: "First", tier: "gold" });
  });

  it("knows which events are versions, and which is the current one", () => {
    expect(["create", "update", "transition", "restore"].every(isRevision)).toBe(true);
    expect(["delete", "purge", "login", undefined].some(isRevision)).toBe(false);
    expect(isLatest(events, 40)).toBe(true);
    expect(isLatest(events, 30)).toBe(false);
  });
});

describe("what restoring a version would change", () => {
  it("lists the fields that differ, with both values; a field the role may not write stays", () => {
    const then = { ...now, notes: "First", tier: "gold", creditLimit: 5 };
    const rows = revisionRows(fields, now, then, (name) => name !== "creditLimit");
    expect(rows.map((r) => [r.name, r.now, r.then, r.stays])).toEqual([
      ["tier", "silver", "gold", false],
      ["creditLimit", 100, 5, true],
      ["notes", "Third", "First", false],
    ]);
  });

  it("absent and empty are the same; server-set and hidden fields are not listed", () => {
    const then = { ...now, phone: "", version: 1, updatedAt: "x" };
    expect(revisionRows(fields, { ...now, phone: undefined }, then, () => true)).toEqual([]);
    const agentFields = fields.filter(([n]) => n !== "creditLimit");
    expect(revisionRows(agentFields, now, { ...now, creditLimit: 1 }, () => true)).toEqual([]);
  });
});
