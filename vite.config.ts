import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The app lives in src/app; the server (src/server/main.ts) serves the build from dist/
// and, in development, mounts Vite in middleware mode so app and API share one origin.
export default defineConfig({
  root: "src/app",
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: the chunk graph npm run bench:bundle follows per route (never
    // served: express.static ignores dot folders).
    manifest: true,
  },
});
