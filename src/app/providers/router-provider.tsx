import type { RouterProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { Button } from "antd";
import { forwardRef, isValidElement, type ComponentProps } from "react";

const RefineLink = routerProvider.Link!;

/**
 * Refine's router binding, its Link changed in one way. @refinedev/antd's navigation buttons
 * (List, Show, Edit, Create) are an antd Button inside a link: two Tab stops for one control, the
 * first of them (the link) with no visible focus. The button keeps the focus, with antd's focus
 * ring; the link around it leaves the Tab order, and still navigates (the button's click, from a
 * pointer or Enter, bubbles to it).
 */
const Link = forwardRef<HTMLAnchorElement, ComponentProps<NonNullable<RouterProvider["Link"]>>>(function Link(props, ref) {
  const wrapsButton = isValidElement(props.children) && props.children.type === Button;
  return <RefineLink {...props} to={props.to} tabIndex={wrapsButton ? -1 : props.tabIndex} ref={ref} />;
});

export const appRouterProvider: RouterProvider = { ...routerProvider, Link };
