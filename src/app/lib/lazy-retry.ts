import { lazy, type ComponentType } from "react";
import type { ModuleLoader } from "./route-modules";

/** How long a chunk that failed to load waits before it is asked for again (once). */
const RETRY_AFTER_MS = 800;

/**
 * React.lazy for code fetched on demand, which asks once more when the first fetch fails (a
 * dropped connection, a server restarting) before the page says it could not load. React keeps a
 * lazy component's failure for good, so the one retry happens here, inside the loader.
 *
 * A module that has already arrived (preloaded, route-modules.ts) is handed over as a thenable that
 * answers at once: React.lazy then renders it in the same pass instead of suspending, showing a
 * fallback and holding the page back for its 300 ms reveal throttle.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyRetry<T extends ComponentType<any>>(load: ModuleLoader<{ default: T }> | (() => Promise<{ default: T }>)) {
  return lazy(() => {
    const arrived = "arrived" in load ? load.arrived : undefined;
    if (arrived) return { then: (resolve: (module: { default: T }) => void) => resolve(arrived) } as Promise<{ default: T }>;
    return load().catch(() => new Promise<void>((resolve) => setTimeout(resolve, RETRY_AFTER_MS)).then(load));
  });
}

/** The browser's words for a module that did not arrive, which no operator should read. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(error.message);
