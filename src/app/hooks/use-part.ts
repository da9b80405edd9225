import { useEffect, useState } from "react";
import type { ModuleLoader } from "../lib/route-modules";

/** The first wait before a part whose code did not arrive is asked for again; it doubles up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

/**
 * A part of a page that the page does without until its code is in (a list's bulk edit, its date
 * picker): undefined until then, and asked for again, less and less often, for as long as it is
 * shown. Unlike React.lazy, whose failure is kept for good and thrown to the page, a part whose
 * code cannot be had while the server is away never takes the page down with it; it comes by
 * itself once the server is back.
 */
export function usePart<M>(load: ModuleLoader<M>): M | undefined {
  const [part, setPart] = useState(load.arrived);
  useEffect(() => {
    if (part) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (wait: number) =>
      load().then(
        (module) => !gone && setPart(module),
        () => {
          if (!gone) timer = setTimeout(() => attempt(Math.min(wait * 2, RETRY_MOST_MS)), wait);
        },
      );
    void attempt(RETRY_FIRST_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [load, part]);
  return part;
}
