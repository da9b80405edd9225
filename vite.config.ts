import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

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
 * Each built script and stylesheet is also written brotli- and gzip-compressed beside itself, once,
 * at build: the server sends those as they are (express-static-gzip) instead of compressing some
 * 2 MB of code again for every cold load.
 */
const PRECOMPRESSED = compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css)$/, logLevel: "silent" });

// The app lives in src/app; the server (src/server/main.ts) serves the build from dist/
// and, in development, mounts Vite in middleware mode so app and API share one origin.
export default defineConfig(({ command }) => ({
  root: "src/app",
  publicDir: false,
  plugins: [react(), PRECOMPRESSED],
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
