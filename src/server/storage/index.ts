/** Which store serves: PostgreSQL when a database URL is given, else the JSON data file. */
import { JsonStorage } from "./json-store";
import type { Storage } from "./types";

export interface StorageOptions {
  /** The JSON store's data file. */
  dbFile?: string;
  /** PostgreSQL (postgres://…); wins over dbFile. */
  databaseUrl?: string;
  /** For PostgreSQL: the data an empty database is given (default: db.json). */
  seedFile?: string;
}

export async function openStorage(opts: StorageOptions): Promise<Storage> {
  if (opts.databaseUrl) {
    // Loaded only when used: the embedded default never needs the driver.
    const { openPgStorage } = await import("./pg/store");
    return openPgStorage(opts.databaseUrl, { seedFile: opts.seedFile });
  }
  if (!opts.dbFile) throw new Error("No store: set DB_FILE (the JSON data file) or DATABASE_URL (PostgreSQL)");
  return new JsonStorage(opts.dbFile);
}
