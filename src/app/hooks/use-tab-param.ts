import { useSearchParams } from "react-router";

/**
 * A record page's open tab, kept in the URL (`?tab=history`) so a reload or a shared link opens
 * the same tab. The first tab is the page without the parameter; an unknown one falls back to it.
 */
export function useTabParam(keys: readonly string[]): [active: string | undefined, open: (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const active = asked && keys.includes(asked) ? asked : keys[0];
  const open = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === keys[0]) next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      // A tab is a view of the same page: Back leaves the record, not the tab.
      { replace: true },
    );
  return [active, open];
}
