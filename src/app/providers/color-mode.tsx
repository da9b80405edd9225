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
  const mode = chosen ?? system;
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
