import { ConfigProvider, theme, type ThemeConfig } from "antd";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

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
 * Text that must stay readable (WCAG AA, 4.5:1): links, secondary text (antd's 45 % grey is
 * 3.4:1 on white), the breadcrumb, and the menu's selected item and a table's selected row, which in
 * antd's dark algorithm come out dark blue on dark blue.
 */
const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: "#1d4ed8",
    colorLink: "#1d4ed8",
    colorError: "#cf1322",
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    // A multiple Select's placeholder is text on the page (the filters' "Status", "Owner"…), not a
    // ::placeholder: antd's 25 % grey is 1.9:1.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.6)",
  },
};
const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: "#1d4ed8",
    colorLink: "#69b1ff",
    colorTextDescription: "rgba(255, 255, 255, 0.62)",
    colorTextTertiary: "rgba(255, 255, 255, 0.62)",
    colorTextPlaceholder: "rgba(255, 255, 255, 0.6)",
    // Tags' text is their colour's 7th shade on its 1st: from antd's own seeds, geekblue ("shipped")
    // is 4.2:1 and purple 3.3:1 in the dark palette; these seeds give 5.4:1 and 5:1.
    geekblue: "#4f6ef7",
    purple: "#9254de",
  },
  components: {
    Menu: { itemSelectedColor: "#ffffff" },
    Tabs: { itemSelectedColor: "#69b1ff", itemActiveColor: "#69b1ff", itemHoverColor: "#91caff" },
    // A selected row's links and text keep 4.5:1 (antd's own is a blue the links vanish into).
    Table: { rowSelectedBg: "#162b4d", rowSelectedHoverBg: "#1a3360" },
  },
};

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
