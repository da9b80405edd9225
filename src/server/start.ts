/** Start the server: the API, and the app on the same origin (built, through Vite, or not at all). */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import type { Manifest } from "vite";
import { LIGHT_SIGN_IN_PATHS } from "../domain/constants";
import { AppError } from "../domain/errors";
import { createApp } from "./app";
import { errorHandler, notFound } from "./errors";
import { APP_ROOT, DIST_DIR, VITE_CONFIG } from "./paths";
import { openStorage } from "./storage";
import type { Storage } from "./storage/types";

export interface StartOptions {
  /** 0 takes a free port. */
  port?: number;
  host?: string;
  /** The JSON store's data file; used when no databaseUrl is given. */
  dbFile?: string;
  /** PostgreSQL (postgres://…): the store when given. */
  databaseUrl?: string;
  /** For PostgreSQL: the data an empty database is given (default: db.json). */
  seedFile?: string;
  /** "dist": the built app from dist/; "vite": Vite in middleware mode (development); "none": the API only. */
  app?: "dist" | "vite" | "none";
  /** Where the built app is, for "dist" (default: the repository's dist/). */
  distDir?: string;
  /** Where users reach the app (PUBLIC_URL); https://… turns on Secure cookies and HSTS. */
  publicUrl?: string;
  /** Seals two-factor secrets at rest (SECRET_KEY). */
  secretKey?: string;
  /** The data provider the app talks through (DATA_PROVIDER): simple-rest, or GraphQL at /api/graphql. */
  dataProvider?: DataProviderKind;
}

export type DataProviderKind = "rest" | "graphql";

/** How the page tells the app which data provider to use (read by src/app/providers/data-provider.ts). */
export const dataProviderMeta = (kind: DataProviderKind) => `<meta name="switchboard-data-provider" content="${kind}" />`;

export interface RunningServer {
  url: string;
  port: number;
  storage: Storage;
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  // Throws, naming the file or the database host, when it cannot be trusted or reached.
  const storage = await openStorage(opts);
  const distDir = opts.distDir ?? DIST_DIR;
  const app = createApp(storage, {
    secretKey: opts.secretKey,
    publicUrl: opts.publicUrl,
    indexHtml: opts.app === "dist" ? path.join(distDir, "index.html") : undefined,
    dev: opts.app === "vite",
  });
  // Nothing here depends on Host (one origin, no virtual hosts); Node's own refusal of a
  // host-less HTTP/1.1 request would be a bare 400 outside the error catalogue.
  const server = http.createServer({ requireHostHeader: false }, app);
  // A client reuses an idle connection without knowing when the server drops it: at Node's 5 s,
  // a request sent as the server closed it met a reset (ECONNRESET) rather than an answer. Held
  // longer than the clients' and proxies' own idle times, the close comes from their side.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("clientError", answerBrokenRequest);
  let closeVite: (() => Promise<void>) | null = null;

  if (opts.app === "dist") mountDist(app, distDir, opts.dataProvider ?? "rest");
  else if (opts.app === "vite") {
    const { createServer } = await import("vite");
    const kind = opts.dataProvider ?? "rest";
    const vite = await createServer({
      configFile: VITE_CONFIG,
      root: APP_ROOT,
      server: { middlewareMode: true, hmr: { server } },
      appType: "spa",
      plugins: [{ name: "switchboard-data-provider", transformIndexHtml: (html: string) => html.replace("<head>", `<head>\n    ${dataProviderMeta(kind)}`) }],
    });
    app.use(vite.middlewares);
    closeVite = () => vite.close();
  }
  app.use(notFound, errorHandler);

  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => {
      void storage.close();
      reject(err);
    });
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    storage,
    async close() {
      await closeVite?.();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await storage.close();
    },
  };
}

/**
 * A request Node's parser cannot read never reaches express; Node's own answer is a bare 400
 * without body or request id. Answer it from the catalogue like every other refusal.
 */
function answerBrokenRequest(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const body = JSON.stringify(new AppError("BAD_REQUEST", tooLarge ? "The request headers are too large" : "The request could not be understood").toBody());
  socket.end(
    `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Links that ask for the app's own file (full-app: Refine, antd, the layout, a list page; decision
 * 116) and its stylesheet as the page's head is read, found in the build's manifest. Without them
 * the file is asked for only once the entry has arrived and run, 100–200 ms later on a return
 * visit, and it is the file the first row waits for. Only that file: its six small imports as well
 * measured no better. Nothing when there is no manifest (a build without one).
 */
function appCodeLinks(distDir: string): string {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return "";
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const app = (entry?.dynamicImports ?? []).map((key) => manifest[key]).find((chunk) => chunk?.name === "full-app");
  if (!app) return "";
  const links = [
    `<link rel="modulepreload" crossorigin href="/${app.file}" />`,
    ...(app.css ?? []).map((css) => `<link rel="preload" as="style" href="/${css}" />`),
  ];
  return links.map((link) => `  ${link}\n  `).join("");
}

/** The built app, and index.html for every other GET outside /api so client routes load. */
function mountDist(app: express.Express, distDir: string, dataProvider: DataProviderKind) {
  const index = path.join(distDir, "index.html");
  // The page names the data provider; the built file is read again only when a build replaced it.
  let page: { mtimeMs: number; html: string; withAppCode: string } | null = null;
  const pageHtml = (reqPath: string) => {
    const { mtimeMs } = fs.statSync(index);
    if (page?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(index, "utf8").replace("<head>", `<head>\n    ${dataProviderMeta(dataProvider)}`);
      page = { mtimeMs, html, withAppCode: html.replace("</head>", `${appCodeLinks(distDir)}</head>`) };
    }
    return LIGHT_SIGN_IN_PATHS.includes(reqPath) ? page.html : page.withAppCode;
  };
  // About 1 MB of JavaScript behind sign-in goes out gzipped (a third of it on the wire); the API,
  // mounted before this, compresses its own answers (app.ts).
  app.use(compression());
  app.use(
    // The .br and .gz files the build wrote beside each script and stylesheet, by the client's
    // Accept-Encoding; compression() above covers index.html and anything else.
    expressStaticGzip(distDir, {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: {
        index: false,
        fallthrough: true,
        // Vite names built files by their content hash: a file under assets/ never changes.
        setHeaders: (res, file) => {
          if (file.startsWith(path.join(distDir, "assets") + path.sep)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        },
      },
    }),
  );
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/") || req.path === "/api") return next();
    if (!fs.existsSync(index)) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(pageHtml(req.path));
  });
}
