/**
 * The API's description: the OpenAPI document (generated once, from the route table) and a
 * reference page that renders it with Swagger UI, whose files are served from its package here
 * (no CDN: the Content-Security-Policy runs scripts of this origin only, none inline).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Request, Response } from "express";
import { openApiDocument, type DescribedRoute } from "../openapi";
import { ROOT } from "../paths";

const here = path.dirname(fileURLToPath(import.meta.url));
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * A reference, not a console: no "Try it out" (the app is where things are done), no deep links
 * (a link inside each operation's toggle is a nested control). The controls Swagger UI leaves
 * unnamed (the server picker, a parameter's value box) are named as they appear, and its
 * scrolling examples take the focus.
 */
const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: false, supportedSubmitMethods: [] });
new MutationObserver(() => {
  for (const select of document.querySelectorAll("select#servers:not([aria-label])")) select.setAttribute("aria-label", "Server");
  // An example wider than a phone scrolls in its box: reachable by keyboard too.
  for (const code of document.querySelectorAll(".highlight-code .microlight:not([tabindex])")) code.setAttribute("tabindex", "0");
  for (const box of document.querySelectorAll("textarea:not([aria-label]), input:not([aria-label]):not([type=hidden])")) {
    const name = box.closest("tr[data-param-name]")?.getAttribute("data-param-name");
    box.setAttribute("aria-label", name ? "Value of " + name : "Request body");
  }
}).observe(document.body, { subtree: true, childList: true });
`;

/** Swagger UI's files change only with its package: a day in the browser's cache. */
const ASSET_CACHE = "public, max-age=86400";

function sendFile(res: Response, type: string, body: string | Buffer, cache = ASSET_CACHE) {
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", cache);
  res.send(body);
}

/** `routes`: the route table, read when the document is first asked for (every route is in it by then). */
export function apiDocs(routes: () => readonly DescribedRoute[]) {
  let document: string | undefined;
  let ownCss: Buffer | undefined;
  const files = new Map<string, Buffer>();
  const swaggerFile = (name: string) => {
    let body = files.get(name);
    if (!body) files.set(name, (body = fs.readFileSync(path.join(swaggerDir, name))));
    return body;
  };
  return {
    openapi: (_req: Request, res: Response) => {
      // The reference page's own files are not API calls.
      document ??= JSON.stringify(
        openApiDocument(
          routes().filter((route) => !route.path.startsWith("/docs/")),
          version,
        ),
      );
      sendFile(res, "application/json; charset=utf-8", document, "no-cache");
    },
    page: (_req: Request, res: Response) => sendFile(res, "text/html; charset=utf-8", PAGE, "no-cache"),
    init: (_req: Request, res: Response) => sendFile(res, "text/javascript; charset=utf-8", INIT),
    script: (_req: Request, res: Response) => sendFile(res, "text/javascript; charset=utf-8", swaggerFile("swagger-ui-bundle.js")),
    styles: (_req: Request, res: Response) => sendFile(res, "text/css; charset=utf-8", swaggerFile("swagger-ui.css")),
    ownStyles: (_req: Request, res: Response) => sendFile(res, "text/css; charset=utf-8", (ownCss ??= fs.readFileSync(path.join(here, "docs.css")))),
  };
}
