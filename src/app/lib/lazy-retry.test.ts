import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyRetry } from "./lazy-retry";
import { modulesForPath, moduleLoader, OVERRIDE_MODULES, preloadOnNavigation, recordReadForPath, ROUTE_MODULES } from "./route-modules";

const Page = () => createElement("p", null, "the page");
const inSuspense = (component: ReturnType<typeof lazyRetry>) =>
  renderToString(createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(component)));

describe("lazyRetry", () => {
  it("renders a module that has already arrived in the same pass, without its fallback", async () => {
    const load = moduleLoader(async () => ({ default: Page }));
    await load();
    const html = inSuspense(lazyRetry(load));
    expect(html).toContain("<p>the page</p>");
    expect(html).not.toContain("loading");
  });

  it("suspends on a module still on its way", () => {
    const load = moduleLoader(() => new Promise<{ default: typeof Page }>(() => undefined));
    const html = inSuspense(lazyRetry(load));
    expect(html).toContain("<p>loading</p>");
    expect(html).not.toContain("the page");
  });

  it("fetches a module once however often it is asked for, and again after a failure", async () => {
    let fetches = 0;
    let fail = true;
    const load = moduleLoader(async () => {
      fetches++;
      if (fail) throw new Error("Failed to fetch dynamically imported module");
      return { default: Page };
    });
    await expect(load()).rejects.toThrow();
    fail = false;
    await Promise.all([load(), load()]);
    expect(fetches).toBe(2);
    expect(load.arrived?.default).toBe(Page);
  });
});

describe("modulesForPath", () => {
  const names = (path: string, override?: string) =>
    modulesForPath(path, () => override).map((load) => Object.entries({ ...ROUTE_MODULES, ...OVERRIDE_MODULES }).find(([, l]) => l === load)?.[0]);
  it.each([
    ["/", ["shell", "dashboard"]],
    ["/profile", ["shell", "profile"]],
    ["/orders", ["shell", "list"]],
    ["/customers/create", ["shell", "create"]],
    ["/customers/edit/7", ["shell", "edit"]],
    ["/customers/show/7", ["shell", "show"]],
    ["/customers/nonsense/7", ["shell", "notFound"]],
  ])("%s renders %j", (path, expected) => expect(names(path)).toEqual(expected));
  it("adds a record page's override where the definitions name one", () =>
    expect(names("/orders/show/3", "order-show")).toEqual(["shell", "show", "order-show"]));
  it("adds an edit form's override the same way", () => expect(names("/roles/edit/3", "role-edit")).toEqual(["shell", "edit", "role-edit"]));
});

describe("recordReadForPath", () => {
  const resources = new Set(["orders", "customers"]);
  it("names the record a record's page reads first, as simple-rest's getOne asks for it", () => {
    expect(recordReadForPath("/orders/show/42", resources, "/api")).toBe("/api/orders/42");
    expect(recordReadForPath("/customers/edit/7", resources, "/api")).toBe("/api/customers/7");
  });
  it("names nothing for a list, a form for a new record, another path or an unknown resource", () => {
    for (const path of ["/orders", "/orders/create", "/orders/show", "/orders/show/42/more", "/profile", "/", "/widgets/show/1"])
      expect(recordReadForPath(path, resources, "/api")).toBeUndefined();
  });
});

describe("preloadOnNavigation", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A window whose Navigation API fires `navigate` for `url`, as a link or history.pushState makes it. */
  function windowWithNavigation() {
    const navigation = new EventTarget();
    vi.stubGlobal("window", { location: { origin: "https://app.example" }, navigation });
    return (url: string) => navigation.dispatchEvent(Object.assign(new Event("navigate"), { destination: { url } }));
  }

  it("asks for the code of where the app goes as it is asked to go there", () => {
    const navigate = windowWithNavigation();
    const preload = vi.fn();
    preloadOnNavigation(preload);
    navigate("https://app.example/orders/show/42?tab=history");
    expect(preload).toHaveBeenCalledWith("/orders/show/42");
  });

  it("leaves a link to another site alone", () => {
    const navigate = windowWithNavigation();
    const preload = vi.fn();
    preloadOnNavigation(preload);
    navigate("https://elsewhere.example/orders/show/42");
    expect(preload).not.toHaveBeenCalled();
  });

  it("does nothing where the browser has no Navigation API", () => {
    vi.stubGlobal("window", { location: { origin: "https://app.example" } });
    expect(() => preloadOnNavigation(vi.fn())).not.toThrow();
  });
});
