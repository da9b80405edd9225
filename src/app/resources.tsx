import { DashboardOutlined } from "@ant-design/icons";
import type { ResourceProps } from "@refinedev/core";
import { createElement } from "react";
import { ENTITIES } from "../domain/entities";
import { resolveIcon } from "./icons";

/**
 * Refine resources: the dashboard (so ThemedSider lists it first, as finefoods does), then one per
 * entity definition with its routes, menu label and icon.
 */
export const resources: ResourceProps[] = [
  { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: createElement(DashboardOutlined) } },
  ...ENTITIES.map((def) => ({
    name: def.name,
    list: `/${def.name}`,
    show: `/${def.name}/show/:id`,
    ...(def.readOnly ? {} : { create: `/${def.name}/create`, edit: `/${def.name}/edit/:id` }),
    meta: {
      label: def.label,
      icon: createElement(resolveIcon(def.icon)),
      canDelete: !def.readOnly,
    },
  })),
];
