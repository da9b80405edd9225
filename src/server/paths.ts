import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this file rather than the working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DIST_DIR = path.join(ROOT, "dist");
export const SEED_DB_FILE = path.join(ROOT, "db.json");
export const VITE_CONFIG = path.join(ROOT, "vite.config.ts");
/** vite.config.ts names its root relative to the working directory; we pass it absolute. */
export const APP_ROOT = path.join(ROOT, "src/app");
