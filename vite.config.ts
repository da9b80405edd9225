import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type Rollup } from "vite";
import { compression } from "vite-plugin-compression2";
import { ANTD_STYLE_MODULE, NOT_A_STYLE_HOOK, STYLE_GAP, STYLE_GAP_ID, STYLE_GAP_MODULE, withoutGenerators } from "./scripts/antd-style-generators";

/**
 * @refinedev/antd is one ESM file that imports react-markdown and remark-gfm at its top for
 * MarkdownField alone. Both are CommonJS without a `sideEffects` field, so the bundler must keep
 * them (~40 kB gzipped) even where nothing renders Markdown. They have no side effects on import
 * (they define a component and a plugin), so say so: they then drop wherever MarkdownField is not
 * used and stay, whole, wherever it is (decision 060).
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](react-markdown|remark-gfm)[\\/]/;
export const TREESHAKE = { moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) };

/**
 * react-router's exports map offers only its development build (extra checks and warnings, more
 * code) to a bundler: a production bundle takes its production build, which the package ships
 * beside it.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url));

/**
 * antd's Grid.useBreakpoint starts every component with no screens known ({}) and learns them in a
 * layout effect, which forces a re-render of that component before the browser paints: of the
 * whole layout (ThemedLayout and its sider), of every list (Refine's useTable, whose pagination
 * follows the breakpoint, then its table) and of our own components that ask. On a return visit
 * to a list that second pass took ~150 ms between the first render and the first paint. The
 * build's copy of the hook reads the screens at its first render (the same media queries, through
 * matchMedia) and re-renders only when one of them changes afterwards (decision 109).
 */
const USE_BREAKPOINT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]grid[\\/]hooks[\\/]useBreakpoint\.js$/;
const USE_BREAKPOINT_STOCK = `  const screensRef = useRef(defaultScreens);
  const [, forceUpdate] = useForceUpdate();
  const responsiveObserver = useResponsiveObserver();
  useLayoutEffect(() => {
    const token = responsiveObserver.subscribe(supportScreens => {
      screensRef.current = supportScreens;
      if (refreshOnChange) {
        forceUpdate();
      }
    });`;
const USE_BREAKPOINT_AT_ONCE = `  const [, forceUpdate] = useForceUpdate();
  const responsiveObserver = useResponsiveObserver();
  const screensRef = useRef(null);
  if (screensRef.current === null) {
    screensRef.current = typeof window === "undefined" || !window.matchMedia ? defaultScreens
      : Object.fromEntries(Object.entries(responsiveObserver.responsiveMap).map(([screen, query]) => [screen, window.matchMedia(query).matches]));
  }
  useLayoutEffect(() => {
    const token = responsiveObserver.subscribe(supportScreens => {
      const before = screensRef.current;
      screensRef.current = supportScreens;
      const changed = Object.keys({ ...before, ...supportScreens }).some(screen => before[screen] !== supportScreens[screen]);
      if (refreshOnChange && changed) {
        forceUpdate();
      }
    });`;
/**
 * A build-time edit of a dependency's module: `stock` replaced by `patched` in the file `id`
 * matches. The build fails if the file no longer holds `stock` (an upgrade changed it) or was never
 * met (the package moved it), so the edit is looked at again rather than silently lost.
 */
function patchDependency(name: string, file: RegExp, stock: string, patched: string, decision: string): Plugin {
  let applied = false;
  return {
    name: `switchboard:${name}`,
    apply: "build",
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(stock)) throw new Error(`${id} is not the one vite.config.ts knows (${name}): check decision ${decision}`);
      applied = true;
      return { code: code.replace(stock, patched), map: null };
    },
    buildEnd(error) {
      if (!error && !applied) throw new Error(`the module of ${name} was not found to patch: check decision ${decision}`);
    },
  };
}

const antdBreakpointsAtOnce = () => patchDependency("antd-breakpoints-at-once", USE_BREAKPOINT, USE_BREAKPOINT_STOCK, USE_BREAKPOINT_AT_ONCE, "109");

/**
 * rc-table (antd's Table) measures the scroll bar's width in a layout effect of every table it
 * mounts: a hidden box is added to the page and read, which forces the browser to lay out the whole
 * page in the middle of React's commit, before it paints. The width only sizes a fixed header
 * (`scroll.y`) or a sticky one, which no table here has; the build measures it only for those.
 */
const RC_TABLE = /[\\/]node_modules[\\/]rc-table[\\/]es[\\/]Table\.js$/;
const RC_TABLE_MEASURE_STOCK = `  useLayoutEffect(function () {
    if (!tailor || !useInternalHooks) {
      if (scrollBodyRef.current instanceof Element) {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);
      } else {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
    setSupportSticky(isStyleSupport('position', 'sticky'));
  }, []);`;
// The same effect, run only while the header is fixed or sticky, and again when it becomes so.
const RC_TABLE_MEASURE_WHEN_FIXED =
  "  var measuresScrollbar = !!(fixHeader || isSticky);\n" +
  RC_TABLE_MEASURE_STOCK.replace("if (!tailor || !useInternalHooks) {", "if (measuresScrollbar && (!tailor || !useInternalHooks)) {").replace(
    /\}, \[\]\);$/,
    "}, [measuresScrollbar]);",
  );
const rcTableScrollbarWhenFixed = () => patchDependency("rc-table-scrollbar-when-fixed", RC_TABLE, RC_TABLE_MEASURE_STOCK, RC_TABLE_MEASURE_WHEN_FIXED, "114");

/**
 * Each built script and stylesheet is also written brotli- and gzip-compressed beside itself, once,
 * at build: the server sends those as they are (express-static-gzip) instead of compressing some
 * 2 MB of code again for every cold load.
 */
const PRECOMPRESSED = compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css)$/, logLevel: "silent" });

/**
 * antd's styles, one stylesheet per theme, written at build by scripts/antd-css.tsx. Without them,
 * every browser generates those styles in JavaScript on each component kind's first use and
 * re-checks the page's style tags on every component mount (decision 101). index.html links the
 * theme the page opens in (the user's stored choice, else the system's) first in its head, before
 * the app's own CSS, which overrides it; the other theme's link is written disabled, so it is not
 * fetched until a user switches to that theme (the ColorModeProvider enables it and waits for it).
 * Half the CSS to load, parse and match on every hard load (decision 108). The hooks whose styles
 * both files hold lose their generators in the build (scripts/antd-style-generators.ts, decision 121).
 * Development keeps generating them: there antd's class names carry a development prefix.
 */
function antdStylesheets(): Plugin {
  let files: Record<string, string> | null = null;
  let inFiles = new Set<string>();
  const dropped = new Set<string>();
  let base = "/";
  let production = true;
  return {
    name: "switchboard:antd-stylesheets",
    apply: "build",
    configResolved(config) {
      base = config.base;
      // The files name the production class names; a build for another NODE_ENV has others, so they
      // would match nothing: such a build goes without them and generates its styles as before.
      production = config.isProduction;
    },
    buildStart() {
      if (!production) return;
      const script = fileURLToPath(new URL("scripts/antd-css.tsx", import.meta.url));
      const { sheets, inEveryTheme } = JSON.parse(
        execFileSync(process.execPath, ["--import", "tsx", script], {
          env: { ...process.env, NODE_ENV: "production" },
          maxBuffer: 64 << 20,
          encoding: "utf8",
        }),
      ) as { sheets: Record<string, string>; inEveryTheme: string[] };
      files = Object.fromEntries(
        Object.entries(sheets).map(([mode, source]) => [
          mode,
          `${base}${this.getFileName(this.emitFile({ type: "asset", name: `antd-${mode}.css`, source }))}`,
        ]),
      );
      inFiles = new Set(inEveryTheme);
    },
    resolveId: (id) => (id === STYLE_GAP ? STYLE_GAP_ID : null),
    load: (id) => (id === STYLE_GAP_ID ? STYLE_GAP_MODULE : null),
    // The files hold these hooks' styles: their generators are dropped (decision 121).
    transform(code, id) {
      if (files === null || !ANTD_STYLE_MODULE.test(id)) return null;
      const edited = withoutGenerators(code, inFiles);
      if (!edited) return null;
      edited.dropped.forEach((hook) => dropped.add(hook));
      return { code: edited.code.toString(), map: edited.code.generateMap({ hires: true, source: id }) };
    },
    buildEnd(error) {
      // A hook the files hold whose generator was never met: an antd upgrade renamed it or moved its
      // module, or the files' map changed. Fail, so decision 121 is looked at again, rather than
      // keep generators silently (nothing dropped) or drop by a name that no longer matches.
      if (error || files === null) return;
      const missed = [...inFiles].filter((hook) => !dropped.has(hook) && !NOT_A_STYLE_HOOK.has(hook));
      if (dropped.size === 0 || missed.length)
        throw new Error(`antd style hooks held by the stylesheets but not met in antd's style modules: ${missed.join(", ") || "all"}; check decision 121`);
    },
    transformIndexHtml: () =>
      files === null
        ? []
        : [
            // Written by the parser, so render-blocking and script-blocking on purpose: the app's
            // module script waits for it, so cssinjs reads the map of what the files hold only once
            // one is in (a map read earlier is empty for the page's life). It also holds the first
            // paint, /login's included, until it arrives. The theme is chosen as the
            // ColorModeProvider chooses it (providers/color-mode.tsx, under its COLOR_MODE_KEY): the
            // stored choice, else the system's.
            {
              tag: "script",
              children: `(function(){var f=${JSON.stringify(files)},m;try{m=localStorage.getItem("switchboard.colorMode")}catch(e){}if(m!=="dark"&&m!=="light")m=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";for(var k in f)document.write('<link rel="stylesheet" data-antd-theme="'+k+'" href="'+f[k]+'"'+(k===m?"":" disabled")+">")})()`,
              injectTo: "head-prepend",
            },
            // Where the styles still generated at run time go (those the files lack: pro-layout's
            // page header, props the build's render did not reach): cssinjs puts each after the last
            // style of its queue with a priority at or below its own, and this empty one has the
            // lowest, so they come after the files (no longer ordered among antd's styles by priority).
            { tag: "style", attrs: { "data-rc-order": "prependQueue", "data-rc-priority": "-100000" }, children: "", injectTo: "head-prepend" },
          ],
  };
}

/**
 * A hard load of a list fetched its code as some seventy files (71 for /orders): the bundler splits
 * every module by the set of lazy pages and parts that use it, and there are some twenty of those.
 * On two cores Chrome parsed them for ~460 ms against ~130 ms for the stock scaffold's one file of
 * about the same size, and each file compresses on its own (617 kB gzip against 588 kB for the same
 * code in one). So the build first works out which modules that load takes (a planning pass of the
 * same build, not written, not minified) and then puts them in one chunk, named as the app's own;
 * a record page's load does the same with what it takes beyond that (decision 116). What other pages
 * and parts use alone still splits as before, and what the entry, the light sign-in page and the
 * route loaders share with the app stays in their own files, so /login loads none of it. Each set is
 * closed under the modules' imports (a union of chunks with everything they import, less what an
 * earlier set or those files hold), so a chunk's dependencies are not captured by rule
 * (`includeDependenciesRecursively: false`), which would pull the shared files in too.
 */
const PLANNING = "SWITCHBOARD_PLANNING_PASS";
/**
 * One chunk each, in this order, each of what the ones before it do not hold (sources under
 * src/app): a list's hard load (the app, its layout, the list page), then a record page's.
 */
export const ONE_FILE_LOADS = [
  { chunk: "full-app", sources: ["full-app.tsx", "components/layout/app-shell.tsx", "pages/list-page.tsx"] },
  { chunk: "show-page", sources: ["pages/show-page.tsx"] },
];
/** Code that stays in files of its own: the light sign-in page's, and the route loaders' (the entry's too). */
const APART = ["login/light-login.tsx", "lib/route-modules.ts"];

function loadsInOneFile(): Plugin {
  return {
    name: "switchboard:loads-in-one-file",
    apply: (_config, env) => env.command === "build" && !process.env[PLANNING],
    async config(config, env) {
      const root = path.resolve(config.root ?? ".");
      process.env[PLANNING] = "1";
      let planned: Awaited<ReturnType<typeof build>>;
      try {
        planned = await build({ configFile: fileURLToPath(import.meta.url), root, mode: env.mode, logLevel: "silent", build: { write: false, minify: false } });
      } finally {
        delete process.env[PLANNING];
      }
      const output = (Array.isArray(planned) ? planned[0] : planned) as Rollup.RollupOutput;
      const chunks = output.output.filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const of = (source: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, source));
        if (!chunk) throw new Error(`${source} has no chunk of its own in the build: is vite.config.ts's ONE_FILE_LOADS still true?`);
        return chunk;
      };
      const modulesWithImports = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<Rollup.OutputChunk>();
        const visit = (c: Rollup.OutputChunk) => {
          if (seen.has(c)) return;
          seen.add(c);
          for (const f of c.imports) visit(byFile.get(f)!);
        };
        roots.forEach(visit);
        return new Set([...seen].flatMap((c) => c.moduleIds));
      };
      const taken = modulesWithImports([...chunks.filter((c) => c.isEntry), ...APART.map(of)]);
      const groups = ONE_FILE_LOADS.map(({ chunk, sources }) => {
        const held = new Set([...modulesWithImports(sources.map(of))].filter((id) => !taken.has(id)));
        held.forEach((id) => taken.add(id));
        // The planning pass has no antd stylesheets, so nothing there imports their gap's reporter:
        // the app's file takes it, or it would be a file of its own on every load.
        if (chunk === ONE_FILE_LOADS[0].chunk) held.add(STYLE_GAP_ID);
        return { name: chunk, test: (id: string) => held.has(id) };
      });
      return { build: { rollupOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups } } } } };
    },
  };
}

// The app lives in src/app; the server (src/server/main.ts) serves the build from dist/
// and, in development, mounts Vite in middleware mode so app and API share one origin.
export default defineConfig(({ command }) => ({
  root: "src/app",
  publicDir: false,
  // The planning pass needs only the chunks: not the stylesheets, nor their compressed copies.
  plugins: [
    react(),
    antdBreakpointsAtOnce(),
    rcTableScrollbarWhenFixed(),
    ...(process.env[PLANNING] ? [] : [antdStylesheets(), PRECOMPRESSED, loadsInOneFile()]),
  ],
  resolve: { alias: command === "build" ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [] },
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: the chunk graph npm run bench:bundle follows per route (never
    // served: express.static ignores dot folders).
    manifest: true,
    rollupOptions: {
      treeshake: TREESHAKE,
    },
  },
}));
