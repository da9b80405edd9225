/**
 * A person's preferences, kept by the server so they follow them to any browser: per list, the
 * columns they last chose (in order), the page size, and the saved view the list opens with.
 * Each list's entry is replaced key by key by what a PATCH sends; `defaultView: null` clears it.
 */
import type { Request, Response } from "express";
import { z } from "zod";
import { PAGE_SIZES } from "../domain/constants";
import { isResourceName } from "../domain/entities";
import { AppError, type FieldErrors } from "../domain/errors";
import { canDo, readableFields } from "../domain/policy";
import { parseBody } from "./body-schema";
import type { Storage } from "./storage/types";

const listPreferences = z
  .object({
    columns: z.array(z.string().min(1).max(64)).max(60).optional(),
    pageSize: z
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `One of ${PAGE_SIZES.join(", ")}`)
      .optional(),
    defaultView: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .strict();
type ListPreferences = z.infer<typeof listPreferences>;

export const preferencesPatch = z.object({ lists: z.record(z.string().max(40), listPreferences) }).strict();

export interface StoredPreferences {
  lists: Record<string, ListPreferences>;
}

export function preferenceRoutes(storage: Storage) {
  const read = async (staffId: number): Promise<StoredPreferences> => {
    const stored = (await storage.preferences(staffId)) as Partial<StoredPreferences> | undefined;
    return { lists: stored?.lists ?? {} };
  };

  async function get(req: Request, res: Response) {
    res.json(await read(req.ctx.actor!.id));
  }

  async function patch(req: Request, res: Response) {
    const { ability, actor } = req.ctx;
    const { lists } = parseBody(preferencesPatch, req.body);
    const errors: FieldErrors = {};
    for (const [resource, sent] of Object.entries(lists)) {
      if (!isResourceName(resource) || !canDo(ability, "read", resource)) {
        errors[`lists.${resource}`] = ["Not a list you may read"];
        continue;
      }
      const readable = new Set(readableFields(ability, resource));
      const hidden = (sent.columns ?? []).filter((c) => !readable.has(c));
      if (hidden.length) errors[`lists.${resource}.columns`] = [`Not columns you may see: ${hidden.join(", ")}`];
      if (sent.columns && new Set(sent.columns).size !== sent.columns.length) errors[`lists.${resource}.columns`] = ["Each column only once"];
      if (typeof sent.defaultView === "number") {
        const view = await storage.get("views", sent.defaultView);
        if (!view || !canDo(ability, "read", "views", view) || view.resource !== resource)
          errors[`lists.${resource}.defaultView`] = ["No such saved view of this list"];
      }
    }
    if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", errors);
    const next = await storage.transaction(async (tx) => {
      const stored = ((await tx.preferences(actor!.id)) as Partial<StoredPreferences> | undefined) ?? {};
      const merged: StoredPreferences = { lists: { ...(stored.lists ?? {}) } };
      for (const [resource, sent] of Object.entries(lists)) {
        const list: ListPreferences = { ...(merged.lists[resource] ?? {}), ...sent };
        if (list.defaultView === null) delete list.defaultView;
        merged.lists[resource] = list;
      }
      await tx.setPreferences(actor!.id, merged as unknown as Record<string, unknown>);
      return merged;
    });
    res.json(next);
  }

  return { get, patch };
}
