import { DashboardOutlined, RestOutlined } from "@ant-design/icons";
import type { ResourceProps } from "@refinedev/core";
import { createElement, useMemo } from "react";
import { ENTITIES } from "../domain/entities";
import { resolveIcon } from "./icons";
import { useLocale } from "./i18n/use-locale";
import { useAbility } from "./hooks/use-session";
import { mayRestoreAny } from "./lib/trash";

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
      ...(def.menu === false ? { hide: true } : {}),
    },
  })),
  // Deleted records: in the menu of those who may restore something (useResources).
  { name: "trash", list: "/trash", meta: { label: "Trash", icon: createElement(RestOutlined) } },
];

/** The resources with their labels in the chosen language (menu, breadcrumbs, titles read meta.label). */
export function useResources(): ResourceProps[] {
  const { t, entityLabel, language } = useLocale();
  // Anyone may open /trash and read what they could read; the menu offers it to those who may restore.
  const restorer = mayRestoreAny(useAbility());
  return useMemo(
    () =>
      resources.map((r) => {
        const def = ENTITIES.find((e) => e.name === r.name);
        if (r.name === "trash") return { ...r, meta: { ...r.meta, label: t("trash.title"), hide: !restorer } };
        return { ...r, meta: { ...r.meta, label: def ? entityLabel(def) : t("dashboard.title") } };
      }),
    // entityLabel and t change with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language, restorer],
  );
}
