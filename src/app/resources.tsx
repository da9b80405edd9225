import type { ResourceProps } from "@refinedev/core";
import { createElement, useMemo } from "react";
import { ENTITIES } from "../domain/entities";
import { resolveIcon } from "./icons";
import { useLocale } from "./i18n/use-locale";

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

/** The resources with their labels in the chosen language (menu, breadcrumbs, titles read meta.label). */
export function useResources(): ResourceProps[] {
  const { entityLabel, language } = useLocale();
  return useMemo(
    () => resources.map((r, i) => ({ ...r, meta: { ...r.meta, label: entityLabel(ENTITIES[i]) } })),
    // entityLabel changes with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );
}
