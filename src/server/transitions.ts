/**
 * `POST /api/orders/:id/transitions { to, reason?, version }` moves an order
 * along its lifecycle, and `GET` on the same path answers the steps it took (from the audit
 * trail), for whoever may read the order — the order page's timeline, also for agents, who may
 * not read the audit log itself.
 *
 * The stock a transition takes or gives back, the order's new state and the audit events are
 * one store transaction, so a crash leaves all of them or none. The order and its products are
 * read locked (in that order, products by id), so two requests racing for the last units —
 * through one server or two — are decided one after the other on the same data.
 */
import type { Request, Response } from "express";
import type { RequestContext, WrittenEvent } from "./context";
import { z } from "zod";
import { ORDER_MIN_ITEMS, REFUND_WINDOW_DAYS } from "../domain/constants";
import { getEntity } from "../domain/entities";
import { AppError, type FieldErrors } from "../domain/errors";
import { message } from "../domain/messages";
import {
  describeShortages,
  isOrderStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  quantitiesByProduct,
  REASON_REQUIRED,
  refundWindowOpen,
  STATUS_TIMESTAMP,
  STOCK_EFFECT,
  stockShortages,
  type OrderLine,
  type OrderStatus,
} from "../domain/order-lifecycle";
import { canDo, stripRecord, type AppAbility } from "../domain/policy";
import { fieldSchema, lineMessages } from "../domain/schema";
import { appendAudit, diff, setEventIds, type Changes } from "./audit";
import type { Row } from "./db-shape";
import { newFieldErrors } from "./errors";
import { requireAction, requireBody, requireReadable, requireTransition, requireVersion } from "./guard";
import { ITEM_REFERENCE } from "./references";
import { lineProductProblem } from "./rules/orders";
import type { Storage } from "./storage/types";

const orders = getEntity("orders");
const productDef = getEntity(ITEM_REFERENCE);
const BODY_KEYS = new Set(["to", "reason", "version"]);

const bodySchema = {
  to: z.enum(ORDER_STATUSES, { error: message("oneOf", { options: ORDER_STATUSES.join(", ") }) }),
  version: z
    .number({ error: message("versionRequired") })
    .int({ error: message("notWhole") })
    .min(1, { error: message("notWhole") }),
  reason: fieldSchema(orders.fields.reason),
};

/** The body as one schema, for the API's description (the checks above say more: a reason only where one is asked). */
export const transitionBody = z.strictObject({ to: bodySchema.to, version: bodySchema.version, reason: bodySchema.reason.optional() });

interface TransitionBody {
  to: OrderStatus;
  version: number;
  reason?: string;
}

function parseBody(body: unknown): TransitionBody {
  const raw = requireBody(body);
  const errors: FieldErrors = newFieldErrors();
  for (const key of Object.keys(raw)) if (!BODY_KEYS.has(key)) errors[key] = [message("unknownField")];
  const out: Partial<TransitionBody> = {};
  for (const key of ["to", "version"] as const) {
    const parsed = bodySchema[key].safeParse(raw[key]);
    if (parsed.success) (out as Record<string, unknown>)[key] = parsed.data;
    else errors[key] = [raw[key] === undefined ? message("required") : (parsed.error.issues[0]?.message ?? message("invalidValue"))];
  }
  const reason = typeof raw.reason === "string" && raw.reason.trim() === "" ? undefined : raw.reason;
  const needsReason = isOrderStatus(raw.to) && REASON_REQUIRED.includes(raw.to);
  if (reason !== undefined && reason !== null) {
    if (!needsReason) errors.reason = [message("reasonNotTaken", { statuses: REASON_REQUIRED.join(" and ") })];
    else {
      const parsed = bodySchema.reason.safeParse(reason);
      if (parsed.success) out.reason = parsed.data as string;
      else errors.reason = [parsed.error.issues[0]?.message ?? message("invalidValue")];
    }
  } else if (needsReason) errors.reason = ["Required: say why"];
  if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", errors);
  return out as TransitionBody;
}

export function transitionRoutes(storage: Storage) {
  async function history(req: Request, res: Response, id: number) {
    const { ability } = req.ctx;
    requireAction(ability, "read", "orders", orders);
    requireReadable(ability, "orders", orders, await storage.get("orders", id));
    const steps = (await storage.history("orders", id, ["create", "transition"])).map((e) => {
      const changes = (e.changes ?? {}) as Changes;
      const status = changes.status ?? {};
      return {
        id: e.id,
        at: e.at,
        actorId: e.actorId,
        actorName: e.actorName,
        action: e.action,
        from: status.from ?? null,
        to: status.to ?? null,
        ...(changes.reason?.to ? { reason: changes.reason.to } : {}),
      };
    });
    res.json(steps);
  }

  async function transition(req: Request, res: Response, id: number) {
    const order = await transitionOrder(storage, req.ctx, id, req.body);
    setEventIds(res, eventsOfMove(req.ctx.written, id));
    res.json(order);
  }

  return { transition, history };
}

/**
 * The live events an order's move names in its answer: the order's and the stock it took or gave
 * back, written in the same transaction. The app's transition buttons refresh the products after
 * such a move, so its tab may skip them (own-events.ts).
 */
export function eventsOfMove(written: readonly WrittenEvent[], orderId: number): number[] {
  return written.filter((e) => (e.resource === "orders" && e.recordId === orderId) || e.resource === ITEM_REFERENCE).map((e) => e.seq);
}

/** An order moved along its lifecycle, with its stock effects and audit events, in one transaction; the REST route and GraphQL call this. */
export async function transitionOrder(storage: Storage, ctx: RequestContext, id: number, rawBody: unknown) {
  const { ability } = ctx;
  requireAction(ability, "transition", "orders", orders);
  const body = parseBody(rawBody);
  const record = await storage.transaction(async (tx) => {
    // The order first, then its products in id order: every transaction locks in that order.
    const before = requireReadable(ability, "orders", orders, await tx.lock("orders", id));
    const from = before.status as OrderStatus;
    const { to } = body;
    // The role first: an agent's cancel is refused for who they are, whatever the state.
    if (!canDo(ability, "transition", "orders", before, to)) throw new AppError("FORBIDDEN", `Your role may not move an order to ${to}`);
    requireVersion(ability, "orders", orders, body.version, before);
    requireTransition(orders, ORDER_TRANSITIONS, from, to);
    const now = new Date();
    if (to === "refunded" && !refundWindowOpen(before.deliveredAt, now))
      throw new AppError("REFUND_WINDOW_CLOSED", `The refund window closed: refunds are possible for ${REFUND_WINDOW_DAYS} days after delivery`, undefined, {
        deliveredAt: before.deliveredAt ?? null,
      });

    const lines = (Array.isArray(before.items) ? before.items : []) as OrderLine[];
    const effect = STOCK_EFFECT[to] ?? 0;
    const locked =
      effect || to === "placed"
        ? await tx.lockMany(
            ITEM_REFERENCE,
            [...new Set(lines.map((l) => l.productId))].filter((n) => typeof n === "number"),
          )
        : [];
    const products = new Map(locked.map((p) => [p.id, p]));
    if (to === "placed") requirePlaceable(products, ability, lines);
    const updates = effect ? stockUpdates(products, lines, effect, now) : [];

    const stamp = STATUS_TIMESTAMP[to as Exclude<OrderStatus, "draft">];
    const at = now.toISOString();
    const next: Row = { ...before, status: to, [stamp]: at, updatedAt: at, version: before.version + 1 };
    if (body.reason !== undefined) next.reason = body.reason;
    const changes = diff(orders, before, next);

    for (const { before: p, after } of updates) {
      await tx.update(ITEM_REFERENCE, after, p.version);
      await appendAudit(tx, ctx, { action: "update", resource: ITEM_REFERENCE, recordId: p.id, changes: diff(productDef, p, after), orderId: id }, now);
    }
    await tx.update("orders", next, before.version);
    await appendAudit(tx, ctx, { action: "transition", resource: "orders", recordId: id, changes }, now);
    return next;
  });
  return stripRecord(ability, "orders", record);
}

/** Placing needs at least one line, every product active, and the stock for all of it. */
function requirePlaceable(products: Map<number, Row>, ability: AppAbility, lines: OrderLine[]) {
  if (!lines.length)
    throw new AppError("VALIDATION_FAILED", "An order needs at least one item to be placed", { items: [message("minItems", { min: ORDER_MIN_ITEMS })] });
  const errors: FieldErrors = {};
  lines.forEach((line, i) => {
    const problem = lineProductProblem(products.get(line.productId), ability);
    if (problem) errors[`items.${i}.productId`] = [problem];
  });
  if (Object.keys(errors).length) {
    const names = Object.values(errors).flat().join("; ");
    throw new AppError("VALIDATION_FAILED", `Cannot place this order: ${names}`, { items: lineMessages(errors), ...errors });
  }
  const shortages = stockShortages(lines, (id) => products.get(id));
  if (shortages.length) throw new AppError("INSUFFICIENT_STOCK", describeShortages(shortages), undefined, { shortages });
}

/** The products' rows after taking (-1) or giving back (+1) the lines' quantities. */
function stockUpdates(products: Map<number, Row>, lines: OrderLine[], effect: -1 | 1, now: Date) {
  const out: { before: Row; after: Row }[] = [];
  for (const [productId, quantity] of quantitiesByProduct(lines)) {
    const d = effect * quantity;
    const p = products.get(productId);
    // A product deleted since it was ordered has nothing to give back to (deletes are refused
    // while an order points at it, so this is only data edited by hand).
    if (!p || d === 0) continue;
    out.push({ before: p, after: { ...p, stock: Number(p.stock ?? 0) + d, updatedAt: now.toISOString(), version: p.version + 1 } });
  }
  return out;
}
