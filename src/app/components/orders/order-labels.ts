import type { OrderStatus } from "../../../domain/order-lifecycle";

/** The catalogue key of what the button that takes an order to a status says ("Place order"). */
export const transitionActionKey = (to: Exclude<OrderStatus, "draft">) => `orderPage.action.${to}`;

/** The catalogue key of how the timeline names the step that reached a status. */
export const stepLabelKey = (status: OrderStatus) => `orderPage.step.${status}`;
