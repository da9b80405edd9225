/**
 * npm run bench:bundle [-- --no-build]
 *
 * Builds the app with Vite (into a temporary folder, the real dist/ is left alone), then follows
 * each route's chunk graph in Vite's manifest and prints the gzipped JavaScript that route loads:
 * the entry and everything it imports statically, plus the lazy page modules the route renders
 * and their static imports. Lazy imports a page makes later (on a click) are not counted.
 *
 * In the same run it builds the stock Refine + @refinedev/antd scaffold (scripts/bench-scaffold:
 * what `npm create refine-app` makes with antd, simple-rest and React Router) and prints its list
 * page beside ours. Budgets (issue 11): /login ≤ 100 kB gzipped; every signed-in route ≤ the
 * scaffold's list page. It also checks the side-effect rule of vite.config.ts (decision 060): no
 * Markdown renderer in our chunks, and still one in the scaffold built with that rule (it renders
 * MarkdownField). And that zod, the schemas' library, comes only with the pages that check what is
 * typed (forms, own account), not with a page that only reads (decision 112). And that antd's style
 * generators are gone where the built stylesheets hold the styles (decision 121). Exits 1 when a
 * budget or a check fails; it is not a CI gate.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";
import { APP_ROOT, VITE_CONFIG } from "../src/server/paths";
import { ONE_FILE_LOADS, TREESHAKE } from "../vite.config";
import { machine, tempDir } from "./lib/child-server";
import { buildScaffold, scaffoldListPage } from "./lib/scaffold";

const LOGIN_BUDGET = 100 * 1024;
/** A string react-markdown carries (its changelog link): present where the Markdown renderer is bundled. */
const MARKDOWN_MARK = "remarkjs/react-markdown";
/**
 * A name only antd's Table style generator and its token defaults carry: gone from a build whose
 * stylesheets hold the Table's styles (decision 121), present in the scaffold's.
 */
const ANTD_GENERATOR_MARK = "tableHeaderBg";
/** A string zod carries (its error class's name): present where the schemas' library is bundled. */
const ZOD_MARK = "ZodError";

/**
 * Each route, by the lazy modules it renders (sources relative to src/app), and dynamic imports
 * that those make as soon as they render (by source path), which count as loaded too.
 */
const APP = ["full-app.tsx", "components/layout/app-shell.tsx"];
const ROUTES: { route: string; what: string; modules: string[]; rendersAtOnce?: RegExp; takesInput?: boolean }[] = [
  // A hard load of /login renders the light page; everything else loads the whole app first.
  { route: "/login", what: "login", modules: ["login/light-login.tsx"] },
  { route: "/", what: "dashboard", modules: [...APP, "pages/dashboard-page.tsx"], rendersAtOnce: /dashboard|chart/i },
  { route: "/customers", what: "a list", modules: [...APP, "pages/list-page.tsx"] },
  { route: "/customers/create", what: "a form", modules: [...APP, "pages/create-page.tsx"], takesInput: true },
  { route: "/customers/edit/:id", what: "an edit form", modules: [...APP, "pages/edit-page.tsx"], takesInput: true },
  { route: "/customers/show/:id", what: "a record", modules: [...APP, "pages/show-page.tsx"] },
  { route: "/orders/show/:id", what: "the order page", modules: [...APP, "pages/show-page.tsx"], rendersAtOnce: /overrides\/order-show|order-/i },
  { route: "/audit-events", what: "the audit log", modules: [...APP, "pages/list-page.tsx"] },
  { route: "/audit-events/show/:id", what: "an audit event", modules: [...APP, "pages/show-page.tsx"], rendersAtOnce: /overrides\/audit-event-show/i },
  { route: "/profile", what: "own account", modules: [...APP, "pages/profile-page.tsx"], takesInput: true },
  { route: "/no-such-page", what: "404", modules: [...APP, "pages/not-found-page.tsx"] },
];

async function build(outDir: string) {
  const { build: viteBuild } = await import("vite");
  await viteBuild({ configFile: VITE_CONFIG, root: APP_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true, manifest: true } });
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
  const scaffoldDir = tempDir("switchboard-scaffold-");
  const scaffoldRuleDir = tempDir("switchboard-scaffold-rule-");
  try {
    if (tmp) {
      console.log("building the app (vite build)…");
      await build(outDir);
    }
    console.log("building the stock scaffold (scripts/bench-scaffold), as it is and with our side-effect rule…");
    await buildScaffold(scaffoldDir);
    await buildScaffold(scaffoldRuleDir, TREESHAKE);
    const scaffold = scaffoldListPage(scaffoldDir);
    const scaffoldRule = scaffoldListPage(scaffoldRuleDir);

    const manifestFile = path.join(outDir, ".vite/manifest.json");
    if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest (vite.config.ts) or drop --no-build`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    const appRel = (k: string) => path.relative("src/app", k);
    const byModule = new Map(Object.keys(manifest).map((k) => [appRel(k), k]));
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    if (!entry) throw new Error("the manifest has no entry");
    // What a list's or a record's hard load takes shares one chunk each (decision 116): the manifest
    // lists those chunks by name, not the sources in them.
    const loadChunk = (m: string) => {
      const load = ONE_FILE_LOADS.find((l) => l.sources.includes(m));
      return load && Object.keys(manifest).find((k) => k.startsWith(`_${load.chunk}-`) && k.endsWith(".js"));
    };
    const chunkOf = (m: string) => byModule.get(m) ?? byModule.get(`src/app/${m}`) ?? loadChunk(m) ?? m;
    // Each file read once, whichever routes load it.
    const zodIn = new Map<string, boolean>();
    const hasZod = (file: string) => {
      if (!zodIn.has(file)) zodIn.set(file, fs.readFileSync(path.join(outDir, file), "utf8").includes(ZOD_MARK));
      return zodIn.get(file)!;
    };
    const gz = new Map<string, number>();
    const gzOf = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(outDir, file))).length);
      return gz.get(file)!;
    };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const pct = (n: number) => `${Math.round((n / scaffold.bytes) * 100)} %`;

    console.log(`\nbench:bundle on ${machine()}`);
    console.log("| route | page | JS files | gzipped JS | of the scaffold's list | budget | | zod |");
    console.log("|---|---|---:|---:|---:|---:|---|---|");
    let broken = 0;
    for (const r of ROUTES) {
      const keys = closure(manifest, [entry, ...r.modules.map(chunkOf)], r.rendersAtOnce);
      const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js")))];
      const bytes = files.reduce((s, f) => s + gzOf(f), 0);
      const budget = r.what === "login" ? LOGIN_BUDGET : scaffold.bytes;
      const ok = bytes <= budget;
      if (!ok) broken++;
      // zod comes with the pages that check what is typed (forms); a page that only reads does not load it (decision 112).
      const zod = files.some(hasZod);
      if (zod && !r.takesInput) broken++;
      console.log(
        `| \`${r.route}\` | ${r.what} | ${files.length} | ${kb(bytes)} | ${pct(bytes)} | ${r.what === "login" ? "100 kB" : "scaffold"} | ${ok ? "ok" : "OVER"} | ${zod ? (r.takesInput ? "yes" : "YES, on a page that only reads") : "no"} |`,
      );
    }
    console.log(`| scaffold \`/orders\` | stock Refine + @refinedev/antd list page | ${scaffold.files.length} | ${kb(scaffold.bytes)} | 100 % | | |`);

    const appFiles = [...closure(manifest, [entry, ...APP.map(chunkOf)])].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
    const largest = appFiles
      .map((f) => [f, gzOf(f)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    const shared = appFiles.reduce((s, f) => s + gzOf(f), 0);
    console.log(
      `\nloaded by every route behind sign-in (the app and its layout): ${kb(shared)}, most of it ${largest.map(([f, n]) => `${path.basename(f)} ${kb(n)}`).join(", ")}`,
    );

    // The side-effect rule (decision 060): Markdown gone where nothing renders it, kept where something does.
    // A package's mark in a build's files: in a scaffold's (its one load), or in which of our chunks.
    const holds = (dir: string, files: string[], mark: string) => files.some((f) => fs.readFileSync(path.join(dir, f), "utf8").includes(mark));
    const ourJs = Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith(".js"));
    const ourChunksWith = (mark: string) => ourJs.filter((f) => holds(outDir, [f], mark));
    const oursMarkdown = ourChunksWith(MARKDOWN_MARK);
    const keptInScaffold = holds(scaffoldRuleDir, scaffoldRule.files, MARKDOWN_MARK);
    console.log(`Markdown renderer in our chunks: ${oursMarkdown.length ? `in ${oursMarkdown.join(", ")} (the rule did not drop it)` : "none"}`);
    console.log(
      `scaffold built with our rule (it renders MarkdownField): ${kb(scaffoldRule.bytes)}, Markdown renderer ${keptInScaffold ? "kept" : "MISSING (the rule dropped code in use)"}; as it is: ${kb(scaffold.bytes)}`,
    );
    if (oursMarkdown.length || !keptInScaffold) broken++;

    // antd's style generators (decision 121): dropped where the built stylesheets hold the styles.
    const generatorsIn = ourChunksWith(ANTD_GENERATOR_MARK);
    const inScaffold = holds(scaffoldDir, scaffold.files, ANTD_GENERATOR_MARK);
    console.log(
      `antd's Table style generator: ${generatorsIn.length ? `in ${generatorsIn.join(", ")} (not dropped)` : "none in our chunks"}; in the scaffold's: ${inScaffold ? "yes" : "NO (the mark no longer names it)"}`,
    );
    if (generatorsIn.length || !inScaffold) broken++;
    if (broken) {
      console.log(`\n${broken} budget(s) or check(s) failed`);
      process.exitCode = 1;
    }
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(scaffoldDir, { recursive: true, force: true });
    fs.rmSync(scaffoldRuleDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:bundle failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
