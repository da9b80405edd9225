import type { ResourceName } from "../../domain/entities";
import { orderRules } from "./orders";
import { roleRules } from "./roles";
import { staffRules } from "./staff";
import type { ResourceRules } from "./types";
import { viewRules } from "./views";

export const RULES: Partial<Record<ResourceName, ResourceRules>> = {
  staff: staffRules,
  orders: orderRules,
  roles: roleRules,
  views: viewRules,
};

export const rulesFor = (resource: ResourceName): ResourceRules => RULES[resource] ?? {};
export type { ResourceRules, WriteState } from "./types";
