/**
 * NODE_ENV=production tsx scripts/antd-css.tsx
 *   → prints {"sheets": {"light": stylesheet, "dark": stylesheet}, "inEveryTheme": ["Button-Button", …]}
 *
 * antd's styles for each of the app's themes, written once at build instead of generated in every
 * browser on every component's first use (vite.config.ts links the page's theme's from index.html;
 * the other is fetched when a user switches to it). Each
 * antd component the app uses (and the panel of each overlay: modal, tooltip, pickers,
 * notification) is rendered on the server under each theme's ConfigProvider into one
 * @ant-design/cssinjs cache, and that
 * cache's `extractStyle` writes their CSS and the map from each style's path to its hash. In the
 * browser, cssinjs reads the map on its first style: a style it finds there is taken as already on
 * the page and neither generated nor inserted. It reads the map once, from whichever file is in, so
 * each file carries the map of both: the app loads a theme's file before it renders in that theme.
 * A style not in the map (another ThemeConfig, a prop this render did not reach) is generated at
 * run time only where its hook is not held by both files: the build drops the generators of the
 * hooks in `inEveryTheme` (decision 121), and such a gap is then reported on the console instead.
 *
 * NODE_ENV must be "production" before antd loads: its class names' prefix depends on it, and the
 * file must name the classes the production build's components use.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import * as antd from "antd";
import { createElement, Fragment, type ComponentType, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { DARK, LIGHT } from "../src/app/providers/themes";

if (process.env.NODE_ENV !== "production") throw new Error("run with NODE_ENV=production: the class names differ in development");

type AnyComponent = ComponentType<Record<string, unknown>> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<Record<string, unknown>> };

/** Components that need something to render at all; the rest render with no props. */
const PROPS: Record<string, Record<string, unknown>> = {
  Dropdown: { menu: { items: [] }, children: createElement("div") },
  Menu: { items: [{ key: "a", label: "a" }] },
  Table: { columns: [{ title: "a", dataIndex: "a" }], dataSource: [{ key: 1, a: 1 }], rowSelection: {}, pagination: { total: 100 } },
  Tabs: { items: [{ key: "a", label: "a", children: "a" }] },
  Descriptions: { items: [{ key: "a", label: "a", children: "a" }], bordered: true },
  Form: { children: createElement(antd.Form.Item, { label: "a", name: "a" }, createElement(antd.Input)) },
  Layout: { children: createElement(antd.Layout.Sider) },
};
/**
 * The antd components the app and @refinedev/antd render (their imports from "antd"; a component's
 * parts, such as the Table's pagination and checkboxes, come with it). One missing from the list is
 * styled at run time as before: the file holds what the pages use, not all of antd.
 */
const USED = [
  "Alert",
  "App",
  "Avatar",
  "Badge",
  "Breadcrumb",
  "Button",
  "Card",
  "Checkbox",
  "Col",
  "DatePicker",
  "Descriptions",
  "Drawer",
  "Dropdown",
  "Empty",
  "Flex",
  "Form",
  "Image",
  "Input",
  "InputNumber",
  "Layout",
  "List",
  "Menu",
  "Modal",
  "Pagination",
  "Popconfirm",
  "Popover",
  "Progress",
  "Radio",
  "Result",
  "Row",
  "Select",
  "Skeleton",
  "Space",
  "Spin",
  "Statistic",
  "Steps",
  "Switch",
  "Table",
  "Tabs",
  "Tag",
  "Timeline",
  "Tooltip",
  "Typography",
  "Upload",
  "message",
  "notification",
];
/** Parts whose styles only a prop brings: a preset colour's tag, a status tag, a compact group. */
const VARIANTS: [string, ReactElement][] = [
  ["Tag color", createElement(antd.Tag, { color: "blue" })],
  ["Tag status", createElement(antd.Tag, { color: "success" })],
  ["Input.TextArea", createElement(antd.Input.TextArea)],
  ["Space.Compact", createElement(antd.Space.Compact, null, createElement(antd.Button))],
];
const components = USED.map((name) => [name, (antd as unknown as Record<string, AnyComponent>)[name]] as const);

/** extractStyle's map of what a stylesheet holds: one rule whose `content` lists `path:hash;…`. */
const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";?\}/;

/** A stylesheet's map as its entries (`path:hash`). */
const entriesOf = (css: string) => css.match(MAP_RULE)?.[1].split(";") ?? [];
/** Entries as paths: [theme's key, "Component-Part", prefixCls, iconPrefixCls]. */
const pathsOf = (entries: string[]) => entries.map((entry) => entry.split(":")[0].split("|"));

/**
 * The key cssinjs files a theme's styles under (each path's first part): that of a lone button's
 * shared reset. Overlays' panels render under a ConfigProvider of their own, so a map holds other
 * keys too, which a page of the app never looks up.
 */
function themeKey(themeConfig: object): string {
  const cache = createCache();
  renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themeConfig }, createElement(antd.Button))));
  const shared = pathsOf(entriesOf(extractStyle(cache, { plain: true, types: ["style"] }))).find(([, part]) => part === "Shared");
  if (!shared) throw new Error("antd-css: a button's styles carry no shared reset; has @ant-design/cssinjs changed its format?");
  return shared[0];
}

// In antd's CSS-variables mode a hook also reads its component token's defaults outside the
// generator, which the build drops with it (decision 121): say so here rather than lose them.
for (const themeConfig of [LIGHT, DARK])
  if ((themeConfig as { cssVar?: unknown }).cssVar)
    throw new Error("antd-css: a theme turns on cssVar, whose token defaults the build drops: see decision 121");

const failed: string[] = [];
const sheets = Object.entries({ light: LIGHT, dark: DARK }).map(([mode, themeConfig]) => {
  const cache = createCache();
  const nodes: [string, ReactElement][] = [...VARIANTS];
  for (const [name, Comp] of components) {
    if (typeof Comp === "function" || (typeof Comp === "object" && "$$typeof" in Comp)) nodes.push([name, createElement(Comp, PROPS[name] ?? {})]);
    const Panel = Comp._InternalPanelDoNotUseOrYouWillBeFired;
    if (Panel) nodes.push([`${name} panel`, createElement(Panel, {})]);
  }
  for (const [name, node] of nodes) {
    try {
      renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themeConfig }, createElement(Fragment, null, node))));
    } catch {
      failed.push(name);
    }
  }
  const css = extractStyle(cache, { plain: true, types: ["style"] });
  const paths = entriesOf(css);
  if (!paths.length) throw new Error("antd-css: extractStyle wrote no map of its styles; has @ant-design/cssinjs changed its format?");
  const key = themeKey(themeConfig);
  const held = new Set(pathsOf(paths).flatMap(([k, component]) => (k === key ? [component] : [])));
  return { mode, styles: css.replace(MAP_RULE, ""), paths, held };
});
if (failed.length) process.stderr.write(`antd-css: not rendered on the server (styled at run time): ${[...new Set(failed)].join(", ")}\n`);
const bothMaps = `.data-ant-cssinjs-cache-path{content:"${[...new Set(sheets.flatMap((s) => s.paths))].join(";")}";}`;
// The style hooks whose styles the files hold for every theme a page can show: the build drops
// those hooks' generators from the app's code (vite.config.ts, decision 121).
const inEveryTheme = [...sheets[0].held].filter((component) => sheets.every((s) => s.held.has(component)));
process.stdout.write(JSON.stringify({ sheets: Object.fromEntries(sheets.map((s) => [s.mode, s.styles + bothMaps])), inEveryTheme }));
