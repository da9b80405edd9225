/**
 * The stock Refine + @refinedev/antd scaffold (scripts/bench-scaffold) that bench:bundle and
 * bench:pages measure ours against: built with a plain Vite + React config, as the template is,
 * and served beside our server from a static server of its own whose /api is proxied to ours.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import type { Manifest } from "vite";
import { ROOT } from "./child-server";

export const SCAFFOLD_ROOT = path.join(ROOT, "scripts/bench-scaffold");

/**
 * Builds the scaffold into `outDir`. `treeshake` (the app's own rule, from vite.config.ts) is
 * for checking that rule: with it, the scaffold, which renders MarkdownField, must keep Markdown.
 */
export async function buildScaffold(outDir: string, treeshake?: object): Promise<void> {
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  await build({
    configFile: false,
    root: SCAFFOLD_ROOT,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 4000, ...(treeshake ? { rollupOptions: { treeshake } } : {}) },
  });
}

/** The JS files its entry loads (the template does not split: every page is in them), gzipped bytes. */
export function scaffoldListPage(outDir: string): { files: string[]; bytes: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error("the scaffold's manifest has no entry");
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  visit(entry);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  return { files, bytes: files.reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(outDir, f))).length, 0) };
}

/**
 * Serves a scaffold build on 127.0.0.1 (a free port), gzipped as our server sends its own, with
 * every /api request passed to `apiUrl`: a session cookie set by our server is sent here too
 * (cookies do not look at ports), so the scaffold reads our API as the signed-in user.
 */
export async function serveScaffold(outDir: string, apiUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const api = new URL(apiUrl);
  const app = express();
  app.use("/api", (req, res) => {
    const upstream = http.request(
      { host: api.hostname, port: api.port, method: req.method, path: `/api${req.url}`, headers: { ...req.headers, host: api.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.status(502).end());
    req.pipe(upstream);
  });
  app.use(compression());
  app.use(express.static(outDir, { index: false }));
  app.get("*", (_req, res) => res.sendFile(path.join(outDir, "index.html")));
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
