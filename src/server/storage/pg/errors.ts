/**
 * PostgreSQL's failures as the error catalogue's answers (src/domain/errors), so a client of
 * either store sees the same errors: a database that cannot be reached is 503 UNAVAILABLE with
 * a retry hint, a value it cannot hold is 400, and a constraint that fires where the server's
 * own checks should have refused first is answered as those checks would have.
 */
import { ENTITIES, getEntity } from "../../../domain/entities";
import { AppError } from "../../../domain/errors";
import { message } from "../../../domain/messages";
import { tableOf } from "./sql";

/** Seconds a client is told to wait when the database cannot be reached. */
const RETRY_AFTER_S = 5;

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "57P01", "57P02", "57P03"]);

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  return /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect/i.test(e.message ?? "");
}

const unavailable = () =>
  new AppError("UNAVAILABLE", "The database cannot be reached just now. Nothing was changed by this request; try again in a moment.", undefined, {
    retryAfter: RETRY_AFTER_S,
  });

/** Which field a unique index guards: the migrations name each `<table>_<field>_key`. */
const UNIQUE_FIELDS: Record<string, string> = Object.fromEntries(
  ENTITIES.flatMap((d) =>
    Object.entries(d.fields)
      .filter(([, f]) => f.unique)
      .map(([name]) => [`${tableOf(d.name)}_${name}_key`, name]),
  ),
);

/** A constraint the server's own checks should have kept from firing: answered from the catalogue all the same. */
function constraintError(err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string; table?: string } | null;
  if (!e?.code) return null;
  if (e.code === "23505" && e.constraint && UNIQUE_FIELDS[e.constraint]) {
    const field = UNIQUE_FIELDS[e.constraint];
    const label = e.table ? getEntity(e.table.replace(/_/g, "-")).fields[field]?.label.toLowerCase() : undefined;
    return new AppError("DUPLICATE", "Already taken", { [field]: [message("taken", { what: label ?? field })] });
  }
  // Two servers restoring the same record from the trash at once: the second finds its id taken.
  if (e.code === "23505" && e.constraint?.endsWith("_pkey"))
    return new AppError("DUPLICATE", "This record was restored meanwhile: it is back already. Nothing was changed.", { id: [message("restoredMeanwhile")] });
  if (e.code === "23514" && e.constraint === "products_stock_not_negative")
    return new AppError("INSUFFICIENT_STOCK", "Not enough stock", undefined, { shortages: [] });
  if (e.code === "23503") {
    const m = /_(\w+?)_fkey$/.exec(e.constraint ?? "");
    return m
      ? new AppError("VALIDATION_FAILED", "Check the highlighted fields", { [m[1]]: [message("noSuch", { what: "record" })] })
      : new AppError("REFERENCED", "Other records point at this one. Nothing was deleted.", undefined, { counts: {} });
  }
  return null;
}

export function translate(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isConnectionError(err)) return unavailable();
  // SQLSTATE class 22, data exception: a value the client sent that PostgreSQL cannot hold or
  // compare (a NUL character in text, a date past year 9999). The JSON store would take it; here
  // it is refused, and nothing was written.
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("22"))
    return new AppError("BAD_REQUEST", "The request holds a value the database cannot store or compare (such as a NUL character). Nothing was changed.");
  return constraintError(err) ?? err;
}

/** Where a URL points, for messages (never its password). */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the DATABASE_URL (which is not a valid URL)";
  }
}
