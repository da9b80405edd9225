/** A call's JSON body checked against its zod schema: the cleaned value, or VALIDATION_FAILED naming each field. */
import type { z } from "zod";
import { AppError } from "../domain/errors";
import { message } from "../domain/messages";
import { newFieldErrors } from "./errors";
import { requireBody } from "./guard";

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(requireBody(body));
  if (parsed.success) return parsed.data;
  const errors = newFieldErrors();
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") for (const k of issue.keys) errors[k] = [message("unknownField")];
    else (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  }
  throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", errors);
}
