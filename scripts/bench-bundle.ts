/**
 * npm run bench:bundle [-- --no-build]
 *
 * Builds the app with Vite (into a temporary folder, the real dist/ is left alone), then follows
 * each route's chunk graph in Vite's manifest and prints the gzipped JavaScript that route loads:
 * the entry and everything it imports statically, plus the lazy page modules the route renders
 * and their static imports. Lazy imports a page makes later (on a click) are not counted.
 * Budgets (issue 6): login ≤ 150 kB gzipped, every other route ≤ 350 kB. Prints figures; exits 1
 * when a budget is broken, so CI can run it as a check.
 *
 * It also builds scripts/bench-floor (a bare list page on the same stack, no app code) and prints
 * its weight: the least any list page built on this stack can download, to read the budgets by.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { APP_ROOT, VITE_CONFIG } from "../src/server/paths";
import { machine, tempDir } from "./lib/child-server";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LOGIN_BUDGET = 150 * 1024;
const ROUTE_BUDGET = 350 * 1024;

/**
 * Each route, by the lazy modules it renders (sources relative to src/app), and dynamic imports
 * that those make as soon as they render (by source path), which count as loaded too.
 */
const APP = ["full-app.tsx", "components/layout/app-shell.tsx"];
const ROUTES: { route: string; what: string; modules: string[]; rendersAtOnce?: RegExp }[] = [
  // A hard load of /login renders the light page; everything else loads the whole app first.
  { route: "/login", what: "login", modules: ["login/light-login.tsx"] },
  { route: "/", what: "dashboard", modules: [...APP, "pages/dashboard-page.tsx"], rendersAtOnce: /dashboard|chart/i },
  { route: "/customers", what: "a list", modules: [...APP, "pages/list-page.tsx"] },
  { route: "/customers/create", what: "a form", modules: [...APP, "pages/create-page.tsx"] },
  { route: "/customers/edit/:id", what: "an edit form", modules: [...APP, "pages/edit-page.tsx"] },
  { route: "/orders/show/:id", what: "the order page", modules: [...APP, "pages/show-page.tsx"], rendersAtOnce: /overrides\/order-show|order-/i },
];

async function build(outDir: string) {
  const { build: viteBuild } = await import("vite");
  await viteBuild({ configFile: VITE_CONFIG, root: APP_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true, manifest: true } });
}

/** Gzipped JS of the floor page: one entry, no lazy imports, so every .js it emits is loaded. */
async function floorBytes(outDir: string) {
  const { build: viteBuild } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const root = path.resolve(import.meta.dirname, "bench-floor");
  await viteBuild({ configFile: false, root, logLevel: "warn", plugins: [react()], build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 } });
  const assets = path.join(outDir, "assets");
  return fs.readdirSync(assets).filter((f) => f.endsWith(".js")).reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(assets, f))).length, 0);
}

/** Manifest keys loaded for a route: entry + modules, each with its static imports, transitively. */
function closure(manifest: Manifest, roots: string[], rendersAtOnce?: RegExp): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the route list above still true?`);
    seen.add(key);
    for (const k of chunk.imports ?? []) visit(k);
    if (rendersAtOnce) for (const k of chunk.dynamicImports ?? []) if (rendersAtOnce.test(k)) visit(k);
  };
  for (const r of roots) visit(r);
  return seen;
}

async function main() {
  const noBuild = process.argv.includes("--no-build");
  const tmp = noBuild ? null : tempDir("switchboard-bundle-");
  const outDir = tmp ?? path.resolve(APP_ROOT, "../../dist");
  try {
    if (tmp) {
      console.log("building the app (vite build)…");
      await build(outDir);
    }
    const manifestFile = path.join(outDir, ".vite/manifest.json");
    if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest (vite.config.ts) or drop --no-build`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    const appRel = (k: string) => path.relative("src/app", k);
    const byModule = new Map(Object.keys(manifest).map((k) => [appRel(k), k]));
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    if (!entry) throw new Error("the manifest has no entry");
    const gz = new Map<string, number>();
    const gzOf = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(outDir, file))).length);
      return gz.get(file)!;
    };

    console.log(`\nbench:bundle on ${machine()}`);
    console.log("| route | page | JS files | gzipped JS | budget | |");
    console.log("|---|---|---:|---:|---:|---|");
    let broken = 0;
    for (const r of ROUTES) {
      const keys = closure(
        manifest,
        [entry, ...r.modules.map((m) => byModule.get(m) ?? byModule.get(`src/app/${m}`) ?? m)],
        r.rendersAtOnce,
      );
      const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js")))];
      const bytes = files.reduce((s, f) => s + gzOf(f), 0);
      const budget = r.what === "login" ? LOGIN_BUDGET : ROUTE_BUDGET;
      const ok = bytes <= budget;
      if (!ok) broken++;
      console.log(`| \`${r.route}\` | ${r.what} | ${files.length} | ${(bytes / 1024).toFixed(1)} kB | ${budget / 1024} kB | ${ok ? "ok" : "OVER"} |`);
    }
    const appFiles = [...closure(manifest, [entry, ...APP.map((m) => byModule.get(m) ?? m)])].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
    const largest = appFiles.map((f) => [f, gzOf(f)] as const).sort((a, b) => b[1] - a[1]).slice(0, 6);
    const shared = appFiles.reduce((s, f) => s + gzOf(f), 0);
    console.log(`\nloaded by every route behind sign-in (the app and its layout): ${(shared / 1024).toFixed(1)} kB, most of it ${largest.map(([f, n]) => `${path.basename(f)} ${(n / 1024).toFixed(1)} kB`).join(", ")}`);
    const floorDir = tempDir("switchboard-floor-");
    try {
      const floor = await floorBytes(floorDir);
      console.log(`the stack's floor (scripts/bench-floor: a bare list page on React DOM, Refine core, simple-rest and antd, no app code): ${(floor / 1024).toFixed(1)} kB`);
    } finally {
      fs.rmSync(floorDir, { recursive: true, force: true });
    }
    if (broken) {
      console.log(`\n${broken} route(s) over budget`);
      process.exitCode = 1;
    }
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:bundle failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
