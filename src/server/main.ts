/**
 * `npm start` (--build-if-needed) and `npm run dev` (--dev): one origin for app and API, on the
 * working copy of the data (DB_FILE), created from the committed db.json when missing — or on
 * PostgreSQL when DATABASE_URL is set (migrated, and given db.json's data when empty).
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "./config";
import { buildIsCurrent } from "./build-state";
import { APP_ROOT, SEED_DB_FILE, VITE_CONFIG } from "./paths";
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

async function buildIfNeeded() {
  if (buildIsCurrent()) return;
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
