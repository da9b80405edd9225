import { type ComponentType } from "react";
import { ENTITIES } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import { lazyRetry } from "../lib/lazy-retry";
import { OVERRIDE_MODULES, type ViewOverride } from "../lib/route-modules";

export interface OverrideProps {
  def: EntityDef;
  id?: string | number;
}

/**
 * Views that replace a generic one, by the name an entity definition gives in `overrides`
 * (`orders` names "order-show"). Without an override registered here the generic view serves.
 */
export const OVERRIDES: Record<string, ComponentType<OverrideProps>> = {
  // Loaded when shown: the generic pages that look an override up do not download it.
  "audit-event-show": lazyRetry(OVERRIDE_MODULES["audit-event-show"]),
  "order-show": lazyRetry(OVERRIDE_MODULES["order-show"]),
  "role-show": lazyRetry(OVERRIDE_MODULES["role-show"]),
  "role-edit": lazyRetry(OVERRIDE_MODULES["role-edit"]),
};

export function overrideFor(def: EntityDef, view: "show" | "create" | "edit"): ComponentType<OverrideProps> | undefined {
  const name = def.overrides?.[view];
  return name ? OVERRIDES[name] : undefined;
}

/** The override a resource's definition names for a view, by the resource's name (a path's first part). */
export const viewOverride: ViewOverride = (resource, view) => ENTITIES.find((def) => def.name === resource)?.overrides?.[view];
