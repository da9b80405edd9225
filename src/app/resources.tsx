import type { ResourceProps } from "@refinedev/core";
import { createElement } from "react";
import { ENTITIES } from "../domain/entities";
import { resolveIcon } from "./icons";

/** Refine resources, one per entity definition: routes, menu label and icon. */
export const resources: ResourceProps[] = ENTITIES.map((def) => ({
  name: def.name,
  list: `/${def.name}`,
  show: `/${def.name}/show/:id`,
  ...(def.readOnly ? {} : { create: `/${def.name}/create`, edit: `/${def.name}/edit/:id` }),
  meta: {
    label: def.label,
    icon: createElement(resolveIcon(def.icon)),
    canDelete: !def.readOnly,
  },
}));
