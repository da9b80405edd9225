import type { GoConfig, RouterProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { Button } from "antd";
import { forwardRef, isValidElement, useCallback, type ComponentProps } from "react";
import { withLastListQuery } from "../lib/last-list-query";
import { parse } from "./router-parse";

const RefineLink = routerProvider.Link!;

/**
 * Refine's router binding, its address parsed once per address (router-parse.ts), and its Link
 * changed in two ways.
 * - A plain link to a list (the menu, a breadcrumb, a record's List button) opens the list as it
 *   was last left in this tab.
 * - @refinedev/antd's navigation buttons (List, Show, Edit, Create) are an antd Button inside a
 *   link: two Tab stops for one control, the first of them (the link) with no visible focus. The
 *   button keeps the focus, with antd's focus ring; the link around it leaves the Tab order, and
 *   still navigates (the button's click, from a pointer or Enter, bubbles to it).
 */
const Link = forwardRef<HTMLAnchorElement, ComponentProps<NonNullable<RouterProvider["Link"]>>>(function Link(props, ref) {
  const wrapsButton = isValidElement(props.children) && props.children.type === Button;
  const to = typeof props.to === "string" ? withLastListQuery(props.to) : props.to;
  return <RefineLink {...props} to={to} tabIndex={wrapsButton ? -1 : props.tabIndex} ref={ref} />;
});

/**
 * Refine's `go`, less a replace with the address the browser is already at. Refine's table writes
 * its state into the address each time it mounts or comes back into view, mostly the address it
 * was opened at: a navigation all the same, which rendered every part of the app that reads the
 * location again (its header, menu and the whole list) for nothing.
 */
function useGo() {
  const go = routerProvider.go!();
  return useCallback(
    (config: GoConfig) => {
      if (config.type === "replace" && !config.to) {
        const { search, hash } = window.location;
        if (go({ ...config, type: "path" }) === search + hash) return;
      }
      return go(config);
    },
    [go],
  );
}

export const appRouterProvider: RouterProvider = { ...routerProvider, parse, Link, go: useGo };
