/**
 * `npm start` (--build-if-needed) and `npm run dev` (--dev): one origin for app and API, on the
 * working copy of the data (DB_FILE), created from the committed db.json when missing — or on
 * PostgreSQL when DATABASE_URL is set (migrated, and given db.json's data when empty).
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "./config";
import { APP_ROOT, DIST_DIR, ROOT, SEED_DB_FILE, VITE_CONFIG } from "./paths";
import { startServer } from "./start";

const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");

function ensureDataFile(file: string) {
  if (fs.existsSync(file)) return;
  if (!fs.existsSync(SEED_DB_FILE)) throw new Error(`${file} does not exist and there is no ${SEED_DB_FILE} to copy it from — run npm run db:seed`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(SEED_DB_FILE, file);
  const shown = path.relative(process.cwd(), file);
  console.error(`Created ${shown.startsWith("..") ? file : shown} from db.json`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

async function buildIfNeeded() {
  const index = path.join(DIST_DIR, "index.html");
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(APP_ROOT),
    newestMtime(path.join(ROOT, "src/domain")),
    ...[VITE_CONFIG, path.join(ROOT, "scripts/antd-css.tsx"), path.join(ROOT, "package-lock.json")].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)),
  );
  if (built && built >= sources) return;
  if (!fs.existsSync(path.join(APP_ROOT, "index.html"))) {
    console.error("No app to build yet (src/app/index.html is missing): serving the API only.");
    return;
  }
  console.error("Building the app (vite build)…");
  const { build } = await import("vite");
  await build({ configFile: VITE_CONFIG, root: APP_ROOT, logLevel: "warn" });
}

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) ensureDataFile(config.DB_FILE);
  if (args.has("--build-if-needed")) await buildIfNeeded();
  const server = await startServer({
    port: config.PORT,
    host: config.HOST,
    dbFile: config.DB_FILE,
    databaseUrl: config.DATABASE_URL,
    app: dev ? "vite" : "dist",
    publicUrl: config.PUBLIC_URL,
    secretKey: config.SECRET_KEY,
    dataProvider: config.DATA_PROVIDER,
  });
  console.log(`Switchboard listening on ${server.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
