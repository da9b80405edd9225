/**
 * POST /api/<resource>/import: a spreadsheet (CSV or .xlsx) as the request body, at most
 * IMPORT_MAX_BYTES, refused before it is read past that; `dryRun`, `skipInvalid` and `columns`
 * in the query. The answer is the import's report (service.ts).
 */
import type { Request, Response } from "express";
import { IMPORT_MAX_BYTES } from "../../domain/constants";
import { getEntity, type ResourceName } from "../../domain/entities";
import { AppError } from "../../domain/errors";
import { canDo } from "../../domain/policy";
import { drainOrDrop, readFileBody } from "../body";
import type { Storage } from "../storage/types";
import { readSheet, type SheetKind } from "./read-sheet";
import { runImport, type ImportOptions } from "./service";

const KINDS: Record<string, SheetKind> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "text/plain": "csv",
  // What browsers on Windows with Excel installed call a .csv file.
  "application/vnd.ms-excel": "csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

const bool = (name: string, value: string) => {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new AppError("BAD_QUERY", `${name} is true or false`);
};

/** dryRun, skipInvalid and columns; anything else in the query is refused. */
function parseImportQuery(raw: string): ImportOptions {
  const opts: ImportOptions = { dryRun: false, skipInvalid: false };
  const seen = new Set<string>();
  for (const part of raw ? raw.split("&") : []) {
    if (!part) continue;
    const eq = part.indexOf("=");
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      value = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      throw new AppError("BAD_QUERY", "The query string is not valid URL encoding");
    }
    if (seen.has(name)) throw new AppError("BAD_QUERY", `${name} is given twice`);
    seen.add(name);
    if (name === "dryRun") opts.dryRun = bool(name, value);
    else if (name === "skipInvalid") opts.skipInvalid = bool(name, value);
    else if (name === "columns") opts.columns = value.split(",").map((c) => c.trim() || null);
    else throw new AppError("BAD_QUERY", `An import takes dryRun, skipInvalid and columns, not ${name}`);
  }
  return opts;
}

export function importRoutes(storage: Storage) {
  async function run(req: Request, res: Response, resource: ResourceName) {
    const def = getEntity(resource);
    const { ability } = req.ctx;
    let read = false;
    try {
      if (!canDo(ability, "create", resource) && !canDo(ability, "update", resource))
        throw new AppError("FORBIDDEN", `You may not import ${def.label.toLowerCase()}`);
      const i = req.originalUrl.indexOf("?");
      const opts = parseImportQuery(i < 0 ? "" : req.originalUrl.slice(i + 1));
      const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
      const kind = KINDS[type];
      if (!kind)
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the file as text/csv or as an .xlsx workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)",
        );
      read = true;
      const body = await readFileBody(req, res, IMPORT_MAX_BYTES, "The file");
      const sheet = await readSheet(body, kind);
      res.json(await runImport(storage, req.ctx, resource, sheet, opts));
    } catch (err) {
      // A refusal before the file was read: the client is still sending it.
      if (!read) drainOrDrop(req, res, IMPORT_MAX_BYTES);
      throw err;
    }
  }
  return { run };
}
