import { theme, type ThemeConfig } from "antd";

/**
 * Text that must stay readable (WCAG AA, 4.5:1): links, secondary text (antd's 45 % grey is
 * 3.4:1 on white), the breadcrumb, and the menu's selected item and a table's selected row, which in
 * antd's dark algorithm come out dark blue on dark blue. A hovered primary button or link too: the
 * shade antd derives from the primary blue for hover is 4.3:1 with white (and on white).
 */
const BLUE = "#1d4ed8";
/** Lighter than BLUE and still 5.1:1 with white and on white. */
const BLUE_HOVER = "#3366e0";

export const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: BLUE,
    colorPrimaryHover: BLUE_HOVER,
    colorLink: BLUE,
    colorLinkHover: BLUE_HOVER,
    colorError: "#cf1322",
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    // A multiple Select's placeholder is text on the page (the filters' "Status", "Owner"…), not a
    // ::placeholder: antd's 25 % grey is 1.9:1.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.6)",
  },
};
export const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: BLUE,
    colorLink: "#69b1ff",
    // The shades antd derives from it for hover and press are 2.6:1 and 4.1:1 on the dark surface.
    colorLinkHover: "#91caff",
    colorLinkActive: "#4096ff",
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
