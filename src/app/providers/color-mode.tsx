import { ConfigProvider } from "antd";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { DARK, LIGHT } from "./themes";

export type ColorMode = "light" | "dark";

/** The user's own choice; absent until they choose, and then the system's setting is followed. */
export const COLOR_MODE_KEY = "switchboard.colorMode";
const DARK_QUERY = "(prefers-color-scheme: dark)";

const stored = (): ColorMode | null => {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === "light" || v === "dark" ? v : null;
  } catch {
    return null;
  }
};
const systemMode = (): ColorMode => (window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light");

/**
 * A production build links antd's styles per theme (vite.config.ts): the page's opening theme's
 * stylesheet, and the other's disabled, so not fetched. Rendering in a theme whose file is not in
 * would show its components unstyled (cssinjs takes every style the files list as present), so the
 * file is enabled first and the theme shown once it has loaded. Development has no such links: its
 * styles are generated at run time, and every theme is ready.
 */
function themeStylesheet(mode: ColorMode): true | Promise<boolean> {
  const link = document.querySelector<HTMLLinkElement>(`link[data-antd-theme="${mode}"]`);
  if (!link || (!link.disabled && link.sheet)) return true;
  const loaded = new Promise<boolean>((resolve) => {
    link.addEventListener("load", () => resolve(true), { once: true });
    link.addEventListener(
      "error",
      () => {
        // Not shown unstyled: the page stays in the theme it has, and the next switch fetches again.
        link.disabled = true;
        resolve(false);
      },
      { once: true },
    );
  });
  link.disabled = false;
  return loaded;
}

const ColorModeContext = createContext<{ mode: ColorMode; setMode: (mode: ColorMode) => void }>({ mode: "light", setMode: () => undefined });

export const useColorMode = () => useContext(ColorModeContext);

/**
 * Light or dark: antd's dark algorithm through ConfigProvider, so every antd and @refinedev/antd
 * piece (and our token-styled parts) follows. The system's prefers-color-scheme is followed,
 * live, until the user picks one in the header; that choice is kept in localStorage.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<ColorMode | null>(stored);
  const [system, setSystem] = useState<ColorMode>(systemMode);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = () => setSystem(query.matches ? "dark" : "light");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  const wanted = chosen ?? system;
  // What is shown: the wanted theme once its stylesheet is in.
  const [mode, setShown] = useState<ColorMode>(wanted);
  useEffect(() => {
    const ready = themeStylesheet(wanted);
    if (ready === true) {
      setShown(wanted);
      return;
    }
    let current = true;
    void ready.then((ok) => current && ok && setShown(wanted));
    return () => {
      current = false;
    };
  }, [wanted]);
  // Native parts (date inputs, scrollbars) follow too.
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    // The loading skeleton (index.html's styles) follows the same mode.
    document.documentElement.dataset.theme = mode;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", mode);
  }, [mode]);
  const value = useMemo(
    () => ({
      mode,
      setMode: (next: ColorMode) => {
        setChosen(next);
        try {
          localStorage.setItem(COLOR_MODE_KEY, next);
        } catch {
          // Private mode without storage: the choice lasts this visit.
        }
      },
    }),
    [mode],
  );
  const themeConfig = useMemo(() => (mode === "dark" ? DARK : LIGHT), [mode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ConfigProvider theme={themeConfig}>{children}</ConfigProvider>
    </ColorModeContext.Provider>
  );
}
