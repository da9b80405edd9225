/** Which store serves: the JSON data file (PostgreSQL joins in the next step). */
import { JsonStorage } from "./json-store";
import type { Storage } from "./types";

export async function openStorage(opts: { dbFile?: string; databaseUrl?: string }): Promise<Storage> {
  if (opts.databaseUrl) throw new Error("DATABASE_URL is not supported yet");
  if (!opts.dbFile) throw new Error("No store: give DB_FILE (the JSON data file)");
  return new JsonStorage(opts.dbFile);
}
