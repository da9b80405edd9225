import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("./boot-requests");

const sent: string[] = [];
let storage: Map<string, string>;
let clock = 0;
const location = { pathname: "/orders", search: "" };
const listeners = new Map<string, () => void>();

/** A fresh page load at `address`: the module as the entry finds it, its requests started. */
async function load(address: string): Promise<Module> {
  const [pathname, search = ""] = address.split(/(?=\?)/);
  Object.assign(location, { pathname, search });
  clock = 0;
  vi.resetModules();
  const boot = await import("./boot-requests");
  boot.startBootRequests();
  return boot;
}

beforeEach(() => {
  sent.length = 0;
  storage = new Map();
  listeners.clear();
  vi.stubGlobal("window", {
    location,
    addEventListener: (event: string, listener: () => void) => listeners.set(event, listener),
  });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.spyOn(performance, "now").mockImplementation(() => clock);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      sent.push(url);
      return new Response(JSON.stringify({ url }), { status: url.includes("missing") ? 404 : 200, headers: { "x-total-count": "3" } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a page load's early requests", () => {
  it("sends the session check at once, and its answer stands in for the app's own request, once", async () => {
    const boot = await load("/orders");
    expect(sent).toEqual(["/api/auth/me"]);
    const answer = await boot.takeBootAnswer("/api/auth/me");
    expect(answer).toMatchObject({ status: 200, body: JSON.stringify({ url: "/api/auth/me" }), headers: { "x-total-count": "3" } });
    // The next check asks the server.
    expect(boot.takeBootAnswer("/api/auth/me")).toBeUndefined();
  });

  it("sends on the next load of the same address the reads this load made, and only those", async () => {
    let boot = await load("/orders?page=2");
    boot.rememberBootRead("/api/orders?_end=40&_start=20");
    boot.rememberBootRead("/api/customers?id=1&id=2");
    // Not remembered: the session endpoints, and what the user asks for once they act.
    boot.rememberBootRead("/api/auth/permissions");
    listeners.get("keydown")?.();
    boot.rememberBootRead("/api/products?q=typed");

    sent.length = 0;
    boot = await load("/orders?page=2");
    expect(sent).toEqual(["/api/auth/me", "/api/orders?_end=40&_start=20", "/api/customers?id=1&id=2"]);
    expect(await boot.takeBootAnswer("/api/orders?_end=40&_start=20")).toMatchObject({ status: 200 });
    // Another URL is not answered from these.
    expect(boot.takeBootAnswer("/api/orders?_end=20&_start=0")).toBeUndefined();

    sent.length = 0;
    await load("/customers");
    expect(sent).toEqual(["/api/auth/me"]);
  });

  it("follows a list that writes its page and sort into the address: both addresses are answered early", async () => {
    let boot = await load("/customers");
    // As the app asks it (simple-rest's custom ends the URL with "?").
    boot.rememberBootRead("/api/auth/preferences?");
    location.search = "?current=1&pageSize=20";
    boot.rememberBootRead("/api/customers?_end=20&_start=0");
    for (const address of ["/customers", "/customers?current=1&pageSize=20"]) {
      sent.length = 0;
      boot = await load(address);
      expect(sent).toEqual(["/api/auth/me", "/api/auth/preferences?", "/api/customers?_end=20&_start=0"]);
      location.search = "?current=1&pageSize=20";
      expect(await boot.takeBootAnswer("/api/customers?_end=20&_start=0")).toMatchObject({ status: 200 });
    }
  });

  it("is not taken once the tab is elsewhere, after a write, or once too old", async () => {
    const remember = async (url: string) => {
      const boot = await load("/customers");
      boot.rememberBootRead(url);
      return load("/customers");
    };
    let boot = await remember("/api/customers?_end=20&_start=0");
    location.pathname = "/customers/create";
    expect(boot.takeBootAnswer("/api/customers?_end=20&_start=0")).toBeUndefined();

    boot = await remember("/api/customers?_end=20&_start=0");
    boot.dropBootAnswers();
    expect(boot.takeBootAnswer("/api/customers?_end=20&_start=0")).toBeUndefined();

    boot = await remember("/api/customers?_end=20&_start=0");
    clock = boot.BOOT_ANSWER_MAX_AGE_MS + 1;
    expect(boot.takeBootAnswer("/api/customers?_end=20&_start=0")).toBeUndefined();
  });

  it("forgets at sign-out what this person's pages read", async () => {
    const boot = await load("/orders");
    boot.rememberBootRead("/api/orders?_end=20&_start=0");
    boot.forgetBootReads();
    expect(boot.takeBootAnswer("/api/auth/me")).toBeUndefined();
    sent.length = 0;
    await load("/orders");
    expect(sent).toEqual(["/api/auth/me"]);
  });

  it("an unreachable server leaves the app's own request to say so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const boot = await load("/orders");
    expect(await boot.takeBootAnswer("/api/auth/me")).toBeNull();
  });
});

describe("a read sent ahead of an in-app navigation", () => {
  it("is answered once, to the page it was sent for, when that page asks for it", async () => {
    const boot = await load("/orders");
    sent.length = 0;
    boot.readAhead("/api/orders/42", "/orders/show/42");
    // Asked for again before the page has asked: one request, not two.
    boot.readAhead("/api/orders/42", "/orders/show/42");
    expect(sent).toEqual(["/api/orders/42"]);
    location.pathname = "/orders/show/42";
    expect(await boot.takeBootAnswer("/api/orders/42")).toMatchObject({ status: 200, body: JSON.stringify({ url: "/api/orders/42" }) });
    expect(boot.takeBootAnswer("/api/orders/42")).toBeUndefined();
  });

  it("is not sent when only the query of the page the tab is on changes", async () => {
    const boot = await load("/orders/show/42");
    sent.length = 0;
    boot.readAhead("/api/orders/42", "/orders/show/42");
    expect(sent).toEqual([]);
  });

  it("can be looked at once it has arrived, on its page, without being taken", async () => {
    const boot = await load("/orders");
    boot.readAhead("/api/orders/42", "/orders/show/42");
    location.pathname = "/orders/show/42";
    // On its way: nothing to show yet.
    expect(boot.arrivedAnswer("/api/orders/42")).toBeUndefined();
    await vi.waitFor(() => expect(boot.arrivedAnswer("/api/orders/42")).toMatchObject({ status: 200 }));
    // Elsewhere it is not this page's.
    location.pathname = "/orders/show/43";
    expect(boot.arrivedAnswer("/api/orders/42")).toBeUndefined();
    location.pathname = "/orders/show/42";
    // Looking did not take it: the page's own read still does, once.
    expect(await boot.takeBootAnswer("/api/orders/42")).toMatchObject({ status: 200 });
    expect(boot.arrivedAnswer("/api/orders/42")).toBeUndefined();
  });

  it("is not taken on another page, after a write, or once too old; a missing record is the server's answer", async () => {
    let boot = await load("/orders");
    boot.readAhead("/api/orders/42", "/orders/show/42");
    // The user went on elsewhere before the page asked.
    location.pathname = "/orders/edit/42";
    expect(boot.takeBootAnswer("/api/orders/42")).toBeUndefined();

    boot = await load("/orders");
    boot.readAhead("/api/orders/42", "/orders/show/42");
    location.pathname = "/orders/show/42";
    boot.dropBootAnswers();
    expect(boot.takeBootAnswer("/api/orders/42")).toBeUndefined();

    boot = await load("/orders");
    boot.readAhead("/api/orders/42", "/orders/show/42");
    location.pathname = "/orders/show/42";
    clock = boot.BOOT_ANSWER_MAX_AGE_MS + 1;
    expect(boot.takeBootAnswer("/api/orders/42")).toBeUndefined();

    boot = await load("/orders");
    boot.readAhead("/api/orders/missing", "/orders/show/missing");
    location.pathname = "/orders/show/missing";
    expect(await boot.takeBootAnswer("/api/orders/missing")).toMatchObject({ status: 404 });
  });
});
