/**
 * The body gate: a write is JSON, an object, and at most REQUEST_BODY_LIMIT_BYTES, or it goes
 * no further. Read by hand rather than through body-parser so that every refusal is ours:
 * form and text bodies are refused instead of parsed, arrays and scalars too, gzip is refused.
 * The one exception is a spreadsheet import, whose route reads its file itself (readFileBody).
 */
import type { Request, RequestHandler, Response } from "express";
import { REQUEST_BODY_LIMIT_BYTES } from "../domain/constants";
import { ENTITIES } from "../domain/entities";
import { AppError } from "../domain/errors";

/** The only methods that write with a body; PUT is not one (it is METHOD_NOT_ALLOWED everywhere). */
const BODY_METHODS = new Set(["POST", "PATCH"]);
/** Past this much we stop draining an oversized body and drop the connection. */
const DRAIN_LIMIT = 16 * REQUEST_BODY_LIMIT_BYTES;

const isJsonType = (header: string | undefined) => {
  const type = (header ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json";
};

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0");

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is over the limit of ${REQUEST_BODY_LIMIT_BYTES / 1024} kB`);

/** An import's body is a spreadsheet, read (with its own limit) by the import route itself. */
const IMPORT_PATHS = new Set(ENTITIES.filter((d) => d.importable).flatMap((d) => [`/${d.name}/import`, `/${d.name}/import/`]));

const GRAPHQL_PATHS = new Set(["/graphql", "/graphql/"]);

export const jsonBody: RequestHandler = (req, res, next) => {
  req.body = undefined;
  if (req.method === "POST" && IMPORT_PATHS.has(req.path)) return next();
  if (!BODY_METHODS.has(req.method)) {
    // Bodies of other methods mean nothing here; let them flow past unread.
    req.resume();
    return next();
  }
  // A bodiless POST (sign out) carries nothing to refuse, whatever its client put in Content-Type.
  if (!hasBody(req.headers)) return next();
  const contentType = req.headers["content-type"];
  if (!isJsonType(contentType)) return refuse(new AppError("UNSUPPORTED_MEDIA_TYPE", "Send JSON (Content-Type: application/json)"));
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") return refuse(new AppError("UNSUPPORTED_MEDIA_TYPE", "Compressed request bodies are not accepted"));
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > REQUEST_BODY_LIMIT_BYTES) return refuse(tooLarge());

  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  let done = false;
  const finish = (err?: unknown) => {
    if (done) return;
    done = true;
    if (err) return next(err);
    if (over) return next(tooLarge());
    const text = Buffer.concat(chunks).toString("utf8");
    if (text.trim() === "") return next();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return next(new AppError("BAD_REQUEST", "The request body is not valid JSON"));
    }
    // GraphQL answers a batch (an array) itself, with an error of its own kind.
    const arrayAllowed = Array.isArray(value) && GRAPHQL_PATHS.has(req.path);
    if (value === null || typeof value !== "object" || (Array.isArray(value) && !arrayAllowed))
      return next(new AppError("BAD_REQUEST", "The request body must be a JSON object"));
    req.body = value;
    next();
  };
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > REQUEST_BODY_LIMIT_BYTES) {
      over = true;
      chunks.length = 0;
      if (size > DRAIN_LIMIT) {
        res.setHeader("Connection", "close");
        finish();
      }
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => finish());
  req.on("error", (err) => finish(Object.assign(new AppError("BAD_REQUEST", "The request body could not be read"), { cause: err })));

  function refuse(error: AppError) {
    // Answer at once, but read what the client is still sending so it sees the answer rather
    // than a reset connection; a client that sends on and on is cut off.
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) req.destroy();
    });
    res.setHeader("Connection", "close");
    next(error);
  }
};

/**
 * A file sent as the body (an import): at most `limit` bytes, refused from its Content-Length
 * before a byte is read, or as soon as the bytes read pass the limit; never held past it.
 */
export function readFileBody(req: Request, res: Response, limit: number, what: string): Promise<Buffer> {
  const tooBig = () => new AppError("PAYLOAD_TOO_LARGE", `${what} is over the limit of ${limit / (1024 * 1024)} MB`, undefined, { limit });
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  const refuseNow = (error: AppError) => {
    drainOrDrop(req, res, limit);
    return Promise.reject(error);
  };
  if (encoding !== "identity") return refuseNow(new AppError("UNSUPPORTED_MEDIA_TYPE", "Compressed request bodies are not accepted"));
  if (Number(req.headers["content-length"] ?? NaN) > limit) return refuseNow(tooBig());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      settled = true;
      chunks.length = 0;
      req.off("data", onData);
      drainOrDrop(req, res, limit);
      reject(tooBig());
    };
    req.on("data", onData);
    req.on("end", () => {
      if (!settled) resolve(Buffer.concat(chunks, size));
    });
    req.on("error", (err) => {
      if (!settled) reject(Object.assign(new AppError("BAD_REQUEST", "The request body could not be read"), { cause: err }));
    });
  });
}

/** Read on (and drop) what a refused client still sends, so it sees the answer; cut off one that sends far too much. */
export function drainOrDrop(req: Request, res: Response, limit: number) {
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > 4 * limit) req.destroy();
  });
  req.resume();
  res.setHeader("Connection", "close");
}
