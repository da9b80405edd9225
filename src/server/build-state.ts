import fs from "node:fs";
import path from "node:path";
import { DIST_DIR, ROOT } from "./paths";

/** Everything `vite build` reads: the app, the domain it shares with the server, the config and the antd stylesheet's script, the installed versions. */
const BUILD_INPUTS = ["src/app", "src/domain", "vite.config.ts", "scripts/antd-css.tsx", "package-lock.json"].map((p) => path.join(ROOT, p));

/** Newest modification time under a path (files only; 0 when it is missing). */
function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** dist/ was built after the last change to anything the build reads. */
export function buildIsCurrent(): boolean {
  const index = path.join(DIST_DIR, "index.html");
  return fs.existsSync(index) && fs.statSync(index).mtimeMs >= Math.max(...BUILD_INPUTS.map(newestMtime));
}
