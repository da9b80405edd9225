import type { ComponentType } from "react";
import type { EntityDef } from "../../domain/fields";
import AuditEventShow from "./audit-event-show";
import { OrderShow } from "./order-show";

export interface OverrideProps {
  def: EntityDef;
  id?: string | number;
}

/**
 * Views that replace a generic one, by the name an entity definition gives in `overrides`
 * (`orders` names "order-show"). Without an override registered here the generic view serves.
 */
export const OVERRIDES: Record<string, ComponentType<OverrideProps>> = {
  "audit-event-show": AuditEventShow,
  "order-show": OrderShow,
};

export function overrideFor(def: EntityDef, view: "show" | "create" | "edit"): ComponentType<OverrideProps> | undefined {
  const name = def.overrides?.[view];
  return name ? OVERRIDES[name] : undefined;
}
