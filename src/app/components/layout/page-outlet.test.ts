import { describe, expect, it } from "vitest";
import { NavigationType } from "react-router";
import { listResourceOf } from "../../lib/last-list-query";
import { isRecordPath, nextKeptList, type KeptList, type Place } from "./page-outlet";

/** A list's own address, the one the outlet keeps a list for: `/orders`, the resource's name and nothing after it. */
const isListPath = (pathname: string): boolean => listResourceOf(pathname) !== undefined;

let keys = 0;
/** A place as react-router hands it over: a new location object per navigation. */
function place(path: string, slot: number, lastQuery: Record<string, string> = {}): Place {
  const [pathname, query] = path.split("?");
  return {
    at: { location: { pathname, search: query ? `?${query}` : "", hash: "", state: null, key: String(++keys) }, navigationType: NavigationType.Push },
    slot,
    lastQuery: (resource) => lastQuery[resource] ?? "",
  };
}

/** Renders at each place in turn, as the page outlet does, and gives back what it keeps after each. */
function walk(...places: Place[]): (KeptList | null)[] {
  let kept: KeptList | null = null;
  return places.map((p) => (kept = nextKeptList(kept, p, `element at ${p.at.location.pathname}${p.at.location.search}`)));
}

describe("the addresses a list is kept across", () => {
  it("is a resource's bare path only", () => {
    expect(isListPath("/orders")).toBe(true);
    expect(isListPath("/audit-events")).toBe(true);
    expect(isListPath("/orders/show/5")).toBe(false);
    expect(isListPath("/orders/create")).toBe(false);
    expect(isListPath("/")).toBe(false);
    expect(isListPath("/trash")).toBe(false);
    expect(isListPath("/profile")).toBe(false);
  });
  it("tells a record's page", () => {
    expect(isRecordPath("/orders/show/5")).toBe(true);
    expect(isRecordPath("/audit-events/show/12")).toBe(true);
    expect(isRecordPath("/orders/edit/5")).toBe(false);
    expect(isRecordPath("/orders")).toBe(false);
    expect(isRecordPath("/nothing/show/5")).toBe(false);
  });
});

describe("nextKeptList: the list the page outlet keeps", () => {
  it("keeps nothing until a list is shown", () => {
    const [first] = walk(place("/orders/show/5", 1));
    expect(first).toBeNull();
  });

  it("keeps one list through its own changes of address, hides it on a record, shows it again on Back", () => {
    const [opened, written, record, back] = walk(
      place("/orders", 1),
      place("/orders?currentPage=2", 1),
      place("/orders/show/5", 2),
      place("/orders?currentPage=2", 1),
    );
    expect(opened).toMatchObject({ shown: true, element: "element at /orders" });
    expect(written).toMatchObject({ key: opened!.key, shown: true, element: "element at /orders?currentPage=2" });
    // Hidden with the element and address it last rendered, not the record's.
    expect(record).toMatchObject({ key: opened!.key, shown: false, element: "element at /orders?currentPage=2" });
    expect(record!.at.location.search).toBe("?currentPage=2");
    expect(back).toMatchObject({ key: opened!.key, shown: true });
  });

  it("shows it again on Back to its history entry though its last write of the address never rendered", () => {
    // The list rendered at its bare address; the query it then wrote into the same entry was left
    // for a record before that navigation rendered.
    const [opened, , back] = walk(place("/orders", 4), place("/orders/show/5", 5), place("/orders?currentPage=1&pageSize=20", 4));
    expect(back).toMatchObject({ key: opened!.key, shown: true });
  });

  it("shows it again from a link to the address it was left at, or to the query it last rendered for", () => {
    const [opened, , sameAddress] = walk(place("/orders?currentPage=3", 1), place("/orders/show/5", 2), place("/orders?currentPage=3", 3));
    expect(sameAddress).toMatchObject({ key: opened!.key, shown: true });
    const [bare, , remembered] = walk(
      place("/orders", 1),
      place("/orders/show/5", 2),
      place("/orders?currentPage=1&pageSize=20", 3, { orders: "?currentPage=1&pageSize=20" }),
    );
    expect(remembered).toMatchObject({ key: bare!.key, shown: true });
  });

  it("mounts a list afresh at another query of it, or another list", () => {
    const [opened, , filtered] = walk(place("/orders?currentPage=3", 1), place("/orders/show/5", 2), place("/orders?filters[0][value]=draft", 3));
    expect(filtered!.key).not.toBe(opened!.key);
    expect(filtered).toMatchObject({ shown: true, element: "element at /orders?filters[0][value]=draft" });
    const [orders, customers] = walk(place("/orders", 1), place("/customers", 2));
    expect(customers!.key).not.toBe(orders!.key);
  });

  it("changes nothing while the address is the one it has (a render for another reason)", () => {
    const at = place("/orders", 1);
    const [kept] = walk(at);
    expect(nextKeptList(kept, at, "a new element")).toBe(kept);
    const [, hidden] = walk(at, place("/orders/show/5", 2));
    expect(hidden).toMatchObject({ shown: false });
    expect(nextKeptList(hidden, place("/customers/show/7", 3), null)).toBe(hidden);
  });

  it("keeps it through records linked from the record, and lets it go past a form or another page", () => {
    const [opened, , linked, back] = walk(place("/orders", 1), place("/orders/show/5", 2), place("/customers/show/7", 3), place("/orders", 1));
    expect(back).toMatchObject({ key: opened!.key, shown: true });
    expect(linked).toMatchObject({ key: opened!.key, shown: false });
    for (const elsewhere of ["/orders/edit/5", "/orders/create", "/", "/profile", "/trash", "/customers/import"]) {
      const [, , gone] = walk(place("/orders", 1), place("/orders/show/5", 2), place(elsewhere, 3));
      expect(gone, elsewhere).toBeNull();
    }
  });
});
