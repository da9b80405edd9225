/**
 * The trash as the app sees it: what can be deleted, who may restore, and a refused
 * restore said as a reason per field (a unique value someone holds now, a reference that is gone).
 */
import { ENTITIES, type ResourceName } from "../../domain/entities";
import type { ErrorCode } from "../../domain/errors";
import type { EntityDef } from "../../domain/fields";
import { canDo, type AppAbility } from "../../domain/policy";
import { isHttpError } from "../providers/http-client";

/** Resources whose records go to the trash when deleted (the audit log itself is never deleted). */
export const TRASHABLE: readonly EntityDef[] = ENTITIES.filter((d) => !d.readOnly);

/**
 * Restoring is creating: a role that may create something may restore something (the menu entry
 * is for them). Saved views, which everyone keeps, do not count: a read-only role gets no trash.
 */
export const mayRestoreAny = (ability: AppAbility) => TRASHABLE.some((d) => d.menu !== false && canDo(ability, "create", d.name as ResourceName));

/** One entry of `GET /api/trash`. */
export type TrashItem = {
  resource: ResourceName;
  recordId: number;
  label: string;
  deletedAt: string;
  deletedBy: string | null;
  deletedById: number | null;
  eventId: number;
  canRestore: boolean;
  /** Its values at deletion, the fields the reader may see. */
  record: Record<string, unknown>;
};

export const trashKey = (item: Pick<TrashItem, "resource" | "recordId">) => `${item.resource}/${item.recordId}`;

export interface FieldRefusal {
  field: string;
  messages: string[];
  /** Who holds a unique value now (DUPLICATE). */
  holder?: { id: number; label: string };
}

/** Why a restore was refused: the server's words, and per field what stands in the way. */
export interface Refusal {
  code?: ErrorCode;
  statusCode?: number;
  message: string;
  fields: FieldRefusal[];
}

const isHolder = (v: unknown): v is { id: number; label: string } =>
  typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "number" && typeof (v as { label?: unknown }).label === "string";

export function refusalOf(error: unknown, fallback: string): Refusal {
  if (!isHttpError(error)) return { message: error instanceof Error && error.message ? error.message : fallback, fields: [] };
  const holders = (error.body?.holders ?? {}) as Record<string, unknown>;
  const fields = Object.entries(error.errors ?? {}).map(([field, messages]): FieldRefusal => {
    const holder = holders[field];
    return { field, messages: [...messages], ...(isHolder(holder) ? { holder } : {}) };
  });
  return { code: error.code, statusCode: error.statusCode, message: error.message || fallback, fields };
}
