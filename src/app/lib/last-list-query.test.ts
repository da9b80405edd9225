import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetListQueries, lastListQuery, rememberListQuery, withLastListQuery } from "./last-list-query";

/** The tab's sessionStorage, as a browser keeps it. */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
  // Object.keys(sessionStorage) lists its keys in a browser.
  return new Proxy(storage, { ownKeys: () => [...items.keys()], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) });
}

describe("a list's last query in this tab", () => {
  beforeEach(() => vi.stubGlobal("sessionStorage", fakeSessionStorage()));

  it("reopens a plain link to a list as it was left", () => {
    rememberListQuery("orders", "?filters[0][field]=status&filters[0][value]=paid");
    expect(withLastListQuery("/orders")).toBe("/orders?filters[0][field]=status&filters[0][value]=paid");
    expect(lastListQuery("customers")).toBe("");
    expect(withLastListQuery("/customers")).toBe("/customers");
  });

  it("leaves every other link as it is", () => {
    rememberListQuery("orders", "?pageSize=50");
    expect(withLastListQuery("/orders/show/3")).toBe("/orders/show/3");
    expect(withLastListQuery("/orders?pageSize=10")).toBe("/orders?pageSize=10");
    expect(withLastListQuery("/")).toBe("/");
    expect(withLastListQuery("/profile")).toBe("/profile");
  });

  it("forgets every list at once (signing out), and only its own keys", () => {
    sessionStorage.setItem("other.key", "kept");
    rememberListQuery("orders", "?pageSize=50");
    rememberListQuery("customers", "?pageSize=10");
    forgetListQueries();
    expect(withLastListQuery("/orders")).toBe("/orders");
    expect(withLastListQuery("/customers")).toBe("/customers");
    expect(sessionStorage.getItem("other.key")).toBe("kept");
  });

  it("opens lists plain where storage is refused", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    expect(() => rememberListQuery("orders", "?pageSize=50")).not.toThrow();
    expect(withLastListQuery("/orders")).toBe("/orders");
  });
});
