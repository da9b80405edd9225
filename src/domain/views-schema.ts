/**
 * The schema a saved view's query is checked with when it is written (zod). Apart from ./views.ts,
 * whose shape and reading the policy and every list use, so that those load without zod.
 */
import { z } from "zod";
import { PAGE_SIZES } from "./constants";
import { VIEW_OPERATORS, type ViewQuery } from "./views";

const fieldName = z.string().min(1).max(64);
const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const viewQuerySchema = z
  .object({
    filters: z
      .array(z.object({ field: fieldName, operator: z.enum(VIEW_OPERATORS), value: z.union([scalar, z.array(scalar).max(100)]) }).strict())
      .max(30)
      .optional(),
    sorters: z
      .array(z.object({ field: fieldName, order: z.enum(["asc", "desc"]) }).strict())
      .max(5)
      .optional(),
    pageSize: z
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `One of ${PAGE_SIZES.join(", ")}`)
      .optional(),
    columns: z.array(fieldName).max(60).optional(),
  })
  // What it lets through is what the app and the policy read by.
  .strict() satisfies z.ZodType<ViewQuery>;
