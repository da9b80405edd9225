import { Activity, useContext, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { UNSAFE_LocationContext as LocationContext, useOutlet } from "react-router";
import { isResourceName } from "../../../domain/entities";
import { focusFellToPage } from "../../lib/focus";
import { lastListQuery, listResourceOf } from "../../lib/last-list-query";
import { LazyBoundary } from "../result/lazy-boundary";

type LocationContextValue = React.ContextType<typeof LocationContext>;

/** A record's page: `/orders/show/5`. */
export function isRecordPath(pathname: string): boolean {
  const match = /^\/([a-z-]+)\/show\/[^/]+$/.exec(pathname);
  return !!match && isResourceName(match[1]);
}

/**
 * The browser's history entry the page is at, the same through the replaces that write a list's
 * state into its address: the Navigation API's entry key, else react-router's index in its state.
 */
function historySlot(): unknown {
  const navigation = (window as Window & { navigation?: Navigation }).navigation;
  return navigation?.currentEntry?.key ?? (window.history.state as { idx?: number } | null)?.idx;
}

/** The list kept while another page is shown: where it was, and what it rendered there. */
export interface KeptList {
  /** A new one for each list mounted afresh; the same while one list is shown, left and come back to. */
  key: number;
  /** The list's address as it was last shown (its query included), its history entry, and the route element it rendered. */
  at: LocationContextValue;
  slot: unknown;
  element: ReactNode;
  shown: boolean;
}

/** Where the page is: its address, its history entry, and what the list of that address last showed (its query) in this tab. */
export interface Place {
  at: LocationContextValue;
  slot: unknown;
  lastQuery: (resource: string) => string;
}

/**
 * What the page outlet keeps after a render at `place`: the list it shows, the list it hides, or none.
 * Coming back to the kept list shows it again: by the browser's Back or Forward to its history
 * entry, or by a link to the address it was left at (the menu, a breadcrumb or a record's List
 * button reopen a list so). Any other address of that list (other filters in a link) mounts it
 * afresh, as Refine's table reads its address only as it mounts.
 */
export function nextKeptList(kept: KeptList | null, { at, slot, lastQuery }: Place, element: ReactNode): KeptList | null {
  const { pathname, search } = at.location;
  const resource = listResourceOf(pathname);
  // Kept while records are looked at (the list's own, or the ones they link to), not past a form
  // or another page: the way back from those is not to the list as it was.
  if (!resource) return !isRecordPath(pathname) ? null : kept?.shown ? { ...kept, shown: false } : kept;
  if (kept?.at.location === at.location) return kept;
  const was = kept?.at.location;
  // The list's own writes of its address are navigations rendered as transitions: left for a record
  // at once, the last of them may never have rendered here, but its history entry is the list's and
  // the query it wrote is the one it last rendered for (remembered as it renders).
  const same = !!was && was.pathname === pathname && (kept.shown || kept.slot === slot || was.search === search || lastQuery(resource) === search);
  return { key: same ? kept.key : (kept?.key ?? 0) + 1, at, slot, element, shown: true };
}

/**
 * The layout's outlet, which keeps the last list mounted (hidden, under React's Activity) while
 * records opened from it are shown. Going back to it shows the same table at once, with its
 * rows, scroll, ticked rows and typed search as they were, instead of mounting and rendering the
 * whole table anew; its queries and live updates resume as it shows (a stale page refetches). While
 * hidden it runs no effects and sees the address it was left at, not the record's.
 */
export function PageOutlet({ fallback }: { fallback: ReactNode }) {
  const live = useContext(LocationContext);
  const outlet = useOutlet();
  const [kept, setKept] = useState<KeptList | null>(null);
  const next = nextKeptList(kept, { at: live, slot: historySlot(), lastQuery: lastListQuery }, outlet);
  // Adjusted while rendering (React renders this component again at once, before its children).
  if (next !== kept) setKept(next);
  const onList = next?.shown === true;
  const lastFocused = useFocusKeptAcross(onList, next?.key);
  return (
    <>
      {next && (
        <Activity key={next.key} mode={onList ? "visible" : "hidden"}>
          <LocationContext.Provider value={onList ? live : next.at}>
            <div onFocus={(e) => (lastFocused.current = e.target)}>
              <LazyBoundary resetKey={next.key} fallback={fallback}>
                {onList ? outlet : next.element}
              </LazyBoundary>
            </div>
          </LocationContext.Provider>
        </Activity>
      )}
      {!onList && (
        <LazyBoundary resetKey={live.location.pathname} fallback={fallback}>
          {outlet}
        </LazyBoundary>
      )}
    </>
  );
}

/**
 * A list shown again gives the focus back to what had it in the list (the row or link that opened
 * the record), where the focus fell to the page when the record page went: a keyboard user goes
 * on from the row they left, not from the top of the page. Focus put elsewhere meanwhile (a menu
 * link that reopened the list) stays where it is.
 */
function useFocusKeptAcross(onList: boolean, key: number | undefined) {
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasShown = useRef<{ key: number | undefined; onList: boolean }>({ key, onList });
  useLayoutEffect(() => {
    const was = wasShown.current;
    wasShown.current = { key, onList };
    if (was.key !== key) lastFocused.current = null;
    const target = lastFocused.current;
    if (!onList || was.onList || was.key !== key || !target?.isConnected) return;
    if (!focusFellToPage()) return;
    target.focus({ preventScroll: true });
  }, [onList, key]);
  return lastFocused;
}
