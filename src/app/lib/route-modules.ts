import type { ComponentType } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view has props of its own
type PageModule = { default: ComponentType<any> };

/** A lazily loaded module, fetched once; `arrived` holds it once it is in. */
export interface ModuleLoader<M> {
  (): Promise<M>;
  arrived?: M;
}

export function moduleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let pending: Promise<M> | undefined;
  const get: ModuleLoader<M> = () =>
    (pending ??= load().then(
      (module) => (get.arrived = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return get;
}

/**
 * The layout and the pages of the routes (app.tsx renders them lazily), and the views that
 * replace a generic page (overrides/index.ts).
 */
export const ROUTE_MODULES = {
  shell: moduleLoader(() => import("../components/layout/app-shell")),
  dashboard: moduleLoader(() => import("../pages/dashboard-page")),
  profile: moduleLoader(() => import("../pages/profile-page")),
  trash: moduleLoader(() => import("../pages/trash-page")),
  list: moduleLoader(() => import("../pages/list-page")),
  show: moduleLoader(() => import("../pages/show-page")),
  create: moduleLoader(() => import("../pages/create-page")),
  edit: moduleLoader(() => import("../pages/edit-page")),
  import: moduleLoader(() => import("../pages/import-page")),
  notFound: moduleLoader(() => import("../pages/not-found-page")),
  login: moduleLoader(() => import("../pages/login-page")),
};

export const OVERRIDE_MODULES: Record<string, ModuleLoader<PageModule>> = {
  "audit-event-show": moduleLoader(() => import("../overrides/audit-event-show")),
  "order-show": moduleLoader(() => import("../overrides/order-show").then((m) => ({ default: m.OrderShow }))),
  "role-show": moduleLoader(() => import("../overrides/role-show")),
  "role-edit": moduleLoader(() => import("../overrides/role-edit")),
};

/** The command palette (kbar), opened by the first Ctrl+K / ⌘K. */
export const PALETTE_MODULE = moduleLoader(() => import("../components/command-palette").then((m) => ({ default: m.CommandPalette })));

/**
 * Parts of a page loaded when shown: what a staff member's role lets them do; their two-factor
 * sign-in; an order form's lines; a role form's grid of rules; a list's bulk edit and its date
 * range picker (decision 112).
 */
export const PART_MODULES = {
  memberPermissions: moduleLoader(() => import("../components/roles/member-permissions")),
  staffTwoFactor: moduleLoader(() => import("../components/security/staff-two-factor")),
  itemsInput: moduleLoader(() => import("../components/fields/items-input").then((m) => ({ default: m.OrderItemsInput }))),
  rulesInput: moduleLoader(() => import("../components/roles/rules-input")),
  bulkEdit: moduleLoader(() => import("../components/list/bulk-edit").then((m) => ({ default: m.BulkEdit }))),
  dateRangeFilter: moduleLoader(() => import("../components/list/date-range-filter").then((m) => ({ default: m.DateRangeFilter }))),
};

/** The name of the view that replaces a resource's record page or edit form, if its definition gives one. */
export type ViewOverride = (resource: string, view: "show" | "edit") => string | undefined;

/**
 * What a path renders behind sign-in, by the route shapes of app.tsx: the layout and a page, and
 * for a record's page or edit form the view that replaces it, if `viewOverride` names one for the
 * resource.
 */
export function modulesForPath(path: string, viewOverride: ViewOverride = () => undefined): ModuleLoader<unknown>[] {
  const [first, action, ...rest] = path.split("/").filter(Boolean);
  const page =
    first === undefined
      ? ROUTE_MODULES.dashboard
      : first === "profile" && action === undefined
        ? ROUTE_MODULES.profile
        : first === "trash" && action === undefined
          ? ROUTE_MODULES.trash
          : action === undefined
            ? ROUTE_MODULES.list
            : action === "create" && rest.length === 0
              ? ROUTE_MODULES.create
              : action === "import" && rest.length === 0
                ? ROUTE_MODULES.import
                : action === "edit" && rest.length === 1
                  ? ROUTE_MODULES.edit
                  : action === "show" && rest.length === 1
                    ? ROUTE_MODULES.show
                    : ROUTE_MODULES.notFound;
  const view = page === ROUTE_MODULES.show ? "show" : page === ROUTE_MODULES.edit ? "edit" : undefined;
  const override = view ? OVERRIDE_MODULES[viewOverride(first, view) ?? ""] : undefined;
  return [ROUTE_MODULES.shell, page, ...(override ? [override] : [])];
}

/**
 * The read a record's page (show or edit, by the route shapes of app.tsx) makes first, on a REST
 * API at `apiUrl`: the record itself, as simple-rest's getOne asks for it. `resources` are the
 * names with record pages; any other path reads nothing known in advance.
 */
export function recordReadForPath(path: string, resources: ReadonlySet<string>, apiUrl: string): string | undefined {
  const [resource, action, id, ...rest] = path.split("/").filter(Boolean);
  if ((action !== "show" && action !== "edit") || id === undefined || rest.length || !resources.has(resource)) return undefined;
  return recordReadUrl(apiUrl, resource, id);
}

/** Where simple-rest's getOne reads a record. */
export const recordReadUrl = (apiUrl: string, resource: string, id: string | number) => `${apiUrl}/${resource}/${String(id)}`;

/**
 * Fetches the modules a path renders; settles when each has arrived or failed. Left to themselves,
 * lazy modules are fetched only when React reaches them (the layout after the session check, the
 * page after the layout, an override after the page), and each reveal then waits out React's 300 ms
 * throttle for Suspense fallbacks; arrived beforehand, they render at once (lazyRetry).
 */
export function preloadPath(path: string, viewOverride?: ViewOverride): Promise<unknown> {
  return Promise.allSettled(modulesForPath(path, viewOverride).map((load) => load()));
}

/**
 * From the moment the app is asked to go somewhere (a link, a button's navigate, back and forward),
 * the code of where it goes is fetched, rather than when React, having rendered the new route,
 * reaches its lazy parts: that came a few hundred ms later on a click made while the first page
 * was still settling, before the idle prefetch. Where the browser has no Navigation API, each lazy
 * part is fetched when React reaches it, as before. A path outside the routes (sign-out's /login)
 * loads at most a page that the idle prefetch fetches anyway.
 */
export function preloadOnNavigation(preload: (path: string) => unknown) {
  // Not in every browser in use yet, nor in TypeScript's Window of every version.
  const navigation = (window as Window & { navigation?: Navigation }).navigation;
  navigation?.addEventListener("navigate", (event) => {
    const to = new URL(event.destination.url);
    if (to.origin === window.location.origin) preload(to.pathname);
  });
}

/** How long after the first paint the rest of the app's code is fetched, when the browser has no idle callback. */
const IDLE_FALLBACK_MS = 1_500;

/** The browser asks sites to save data (Chrome's Data Saver, a metered connection): `Save-Data`. */
const savingData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Once the first page is up and the browser idles: the code of every other page, of their parts
 * and of the palette, so the first visit to a record, a form or Ctrl+K renders at once instead of
 * waiting for its chunk and React's reveal throttle. A fetch that fails is left to the click that needs it.
 * Not where the browser asks to save data: there each page's code comes with the click that opens it.
 */
export function prefetchWhenIdle() {
  if (savingData()) return;
  const all: ModuleLoader<unknown>[] = [
    ...Object.entries(ROUTE_MODULES)
      .filter(([name]) => name !== "login")
      .map(([, load]) => load),
    ...Object.values(OVERRIDE_MODULES),
    ...Object.values(PART_MODULES),
    PALETTE_MODULE,
  ];
  const fetchAll = () => all.forEach((load) => void load().catch(() => undefined));
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(fetchAll, { timeout: 5_000 }) : setTimeout(fetchAll, IDLE_FALLBACK_MS));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * The code of the page a button leads to (a record page's Edit), fetched as soon as the button is
 * shown: an operator's next click is often that one, made before the browser first idles and
 * prefetches everything (prefetchWhenIdle). Not where the browser asks to save data.
 */
export function prefetchPath(path: string, viewOverride?: ViewOverride) {
  if (!savingData()) void preloadPath(path, viewOverride);
}
