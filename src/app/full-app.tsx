import { unstableSetRender } from "antd";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ENTITIES } from "../domain/entities";
import { App } from "./app";
import { API_URL } from "./config";
import { startLanguage } from "./i18n";
import { readAhead, readBeside } from "./lib/boot-requests";
import { prefetchWhenIdle, preloadOnNavigation, preloadPath, recordReadForPath } from "./lib/route-modules";
import { viewOverride } from "./overrides";
import { dataProviderKind } from "./providers/data-provider";
import { listReadForPath, startQueriesWithEarlyAnswers } from "./providers/early-answers";
import { mayShowEarlyRows, waitAtMost } from "./providers/page-references";
import { queryClient } from "./providers/query-client";
import "./styles.css";

/** On a slow connection the app starts without them after this long, and shows its own spinners. */
const ROUTE_MODULES_WAIT_MS = 2_000;
/** A list's first page is waited for this long at most before the first render: past it, the table shows its spinner. */
const FIRST_PAGE_WAIT_MS = 300;

/** The whole app: Refine, antd, every route behind sign-in (main.tsx loads it for every path but /login). */
export async function mountApp(root: HTMLElement) {
  // The layout and the page this path renders (and a record page's or form's override) are fetched now and
  // the first render waits for them (the HTML's skeleton stays up meanwhile): rendered before they
  // arrive, each lazy boundary would show its fallback and hold the page back for React's reveal
  // throttle. A module that fails is left to the render, which retries it and says so.
  const modules = preloadPath(window.location.pathname, viewOverride);
  // On the way to a record's page its record is asked for too, beside the page's code and render
  // rather than once the page has mounted (the client takes the answer; see readAhead). Only on
  // REST: the GraphQL provider reads a record by another request.
  const resources = new Set(ENTITIES.map((def) => def.name));
  const rest = dataProviderKind() === "rest";
  preloadOnNavigation((path) => {
    void preloadPath(path, viewOverride);
    const read = rest ? recordReadForPath(path, resources, API_URL) : undefined;
    if (read) readAhead(read, path);
  });
  // A return visit's list renders with its rows and their names: the load's early answers start its queries.
  if (rest) startQueriesWithEarlyAnswers(queryClient, API_URL, (key, rows) => mayShowEarlyRows(API_URL, key, rows));
  // A first visit to this address has no remembered reads to send before the code (boot-requests):
  // the page's first read, where it is known without rendering, goes now rather than once the first
  // render has mounted the page. A read the entry already sent is not sent again. The first render
  // waits a little for a list's page, which then renders with its rows (early-answers), instead of
  // rendering the table empty, then again once its rows are in: 250 ms of render each on this
  // project's 2-core machine, against an answer usually in within a few tens of ms.
  const { pathname, search } = window.location;
  const listRead = rest ? listReadForPath(API_URL, pathname, search, ENTITIES) : undefined;
  const recordRead = rest ? recordReadForPath(pathname, resources, API_URL) : undefined;
  if (recordRead) void readBeside(recordRead);
  const listPage = listRead ? waitAtMost(readBeside(listRead), FIRST_PAGE_WAIT_MS) : undefined;
  // The chosen language's words too, if it is not English: the first render says them.
  await Promise.race([Promise.all([modules, startLanguage, listPage]), new Promise((resolve) => setTimeout(resolve, ROUTE_MODULES_WAIT_MS))]);
  // antd 5 renders its static pieces (message, Modal.confirm) with React 18's legacy render; React 19
  // removed it, so give antd a createRoot-based one (what @ant-design/v5-patch-for-react-19 does).
  unstableSetRender((node, container) => {
    const host = container as Element & { _sbRoot?: ReturnType<typeof createRoot> };
    host._sbRoot ??= createRoot(container);
    host._sbRoot.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      host._sbRoot?.unmount();
      delete host._sbRoot;
    };
  });

  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchWhenIdle();
}
