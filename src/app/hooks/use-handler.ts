import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * An event handler of one identity for the component's life that calls the latest `handler`: a
 * memoized child (a list's table) is handed the same function on every render, so it is not
 * rendered again for a new closure that would do the same. Only for events, never called while
 * rendering (it sees the last committed render's `handler`).
 */
export function useHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
