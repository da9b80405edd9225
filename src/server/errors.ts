/** The last hop: every failure leaves as an error-catalogue body (`{ code, message, errors? }`), never a stack. */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { AppError, type ErrorCode, type FieldErrors } from "../domain/errors";
import { logError } from "./log";

/** Errors thrown by express itself and its helpers carry an HTTP status; map the ones we expect. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/**
 * A field-errors map without a prototype: field names come from the client's body, and
 * `errors["__proto__"] = …` on a plain object would set its prototype instead of a key.
 */
export const newFieldErrors = (from: FieldErrors = {}): FieldErrors => Object.assign(Object.create(null) as FieldErrors, from);

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  const expose = (err as { expose?: unknown } | null)?.expose;
  if (typeof status === "number" && expose !== false && STATUS_CODES[status]) {
    const code = STATUS_CODES[status];
    return new AppError(code, defaultMessages[code] ?? "Bad request");
  }
  return null;
}

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: "The request could not be understood",
  NOT_FOUND: "Not found",
  METHOD_NOT_ALLOWED: "Method not allowed",
  PAYLOAD_TOO_LARGE: "The request body is too large",
  UNSUPPORTED_MEDIA_TYPE: "Send JSON (Content-Type: application/json)",
};

export const notFound: RequestHandler = (_req, _res, next) => next(new AppError("NOT_FOUND", "Not found"));

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let appError = toAppError(err);
  if (!appError) {
    logError(req.ctx?.requestId ?? "-", err);
    appError = new AppError("INTERNAL", "Something went wrong on our side. The error has been logged.");
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if ((appError.code === "RATE_LIMITED" || appError.code === "UNAVAILABLE") && typeof appError.extra.retryAfter === "number")
    res.setHeader("Retry-After", String(appError.extra.retryAfter));
  if (appError.code === "METHOD_NOT_ALLOWED" && Array.isArray(appError.extra.allow)) res.setHeader("Allow", (appError.extra.allow as string[]).join(", "));
  res.setHeader("Cache-Control", "no-store");
  const body = appError.toBody();
  delete body.allow;
  // A refusal before GraphQL ran (the body gate's) still reads as GraphQL: an error with its code in extensions.
  if (/^\/graphql\/?$/.test(req.path) && req.baseUrl === "/api") {
    const { message, ...extensions } = body;
    res.status(appError.status).json({ errors: [{ message, extensions: { ...extensions, status: appError.status } }] });
    return;
  }
  res.status(appError.status).json(body);
};
