/** The app on the same origin: the built files, index.html for client routes, /api untouched. */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { startServer, type RunningServer } from "../../src/server/start";
import { expectError, makeDataDir, type ApiResponse } from "./helpers";

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  const data = await makeDataDir();
  dir = data.dir;
  const dist = path.join(dir, "dist");
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head><title>Switchboard</title></head><body></body></html>");
  // The build's manifest, as Vite writes it: the entry, and the app's file it imports on every path but /login.
  fs.mkdirSync(path.join(dist, ".vite"));
  fs.writeFileSync(
    path.join(dist, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-e1.js", isEntry: true, dynamicImports: ["login/light-login.tsx", "_full-app-a1.js"] },
      "login/light-login.tsx": { file: "assets/light-login-l1.js", name: "light-login", isDynamicEntry: true },
      "_full-app-a1.js": { file: "assets/full-app-a1.js", name: "full-app", imports: ["index.html"], css: ["assets/full-app-c1.css"] },
    }),
  );
  fs.writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app')");
  // Over compression's 1 kB threshold, as every real chunk is.
  fs.writeFileSync(
    path.join(dist, "assets", "big.js"),
    `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`,
  );
  // As the build writes them: the script, and beside it its brotli form (the build's own).
  const packed = `export const packed = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i}`))};`;
  fs.writeFileSync(path.join(dist, "assets", "packed.js"), packed);
  fs.writeFileSync(path.join(dist, "assets", "packed.js.br"), brotliCompressSync(packed));
  server = await startServer({ port: 0, app: "dist", dbFile: data.dbFile, distDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string, init?: RequestInit): Promise<ApiResponse> => {
  const res = await fetch(server.url + url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
};

describe("serving the built app", () => {
  it("serves files and falls back to index.html for client routes", async () => {
    const js = await get("/assets/app.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    for (const route of ["/", "/login", "/customers/show/3", "/staff?role=admin"]) {
      const page = await get(route);
      expect(page.status).toBe(200);
      expect(page.text).toContain("<title>Switchboard</title>");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("asks for the app's own code and stylesheet from the page's head on every path but the sign-in page", async () => {
    for (const route of ["/", "/orders", "/customers/show/3", "/staff?role=admin"]) {
      const page = await get(route);
      const head = String(page.text).split("</head>")[0];
      expect(head, route).toContain('<link rel="modulepreload" crossorigin href="/assets/full-app-a1.js" />');
      expect(head, route).toContain('<link rel="preload" as="style" href="/assets/full-app-c1.css" />');
    }
    // The light sign-in page loads none of the app's code.
    for (const route of ["/login", "/login/"]) {
      const page = await get(route);
      expect(page.text, route).toContain("<title>Switchboard</title>");
      expect(page.text, route).not.toContain("full-app");
    }
  });

  it("sends the built files gzipped, hashed assets cached for good, index.html revalidated", async () => {
    const js = await get("/assets/big.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(js.status).toBe(200);
    expect(js.headers.get("content-encoding")).toBe("gzip");
    expect(js.text).toContain("row 399");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const page = await get("/customers", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const plain = await get("/assets/big.js", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.text).toBe(fs.readFileSync(path.join(dir, "dist", "assets", "big.js"), "utf8"));
  });

  it("sends a file the build compressed as it is, to a client that accepts its encoding", async () => {
    const br = await get("/assets/packed.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.text).toBe(fs.readFileSync(path.join(dir, "dist", "assets", "packed.js"), "utf8"));
    // The very bytes the build wrote: not compressed again on the way.
    const raw = await new Promise<Buffer>((resolve, reject) =>
      http
        .get(`${server.url}/assets/packed.js`, { headers: { "Accept-Encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        })
        .on("error", reject),
    );
    expect(raw.equals(fs.readFileSync(path.join(dir, "dist", "assets", "packed.js.br")))).toBe(true);
    // No brotli asked for: compressed on the way, as any other file.
    expect((await get("/assets/packed.js", { headers: { "Accept-Encoding": "gzip" } })).headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the API's large answers gzipped, but not answers that may carry a secret, nor the live stream", async () => {
    const gzip = { "Accept-Encoding": "gzip" };
    const login = await fetch(server.url + "/api/auth/login", {
      method: "POST",
      headers: { ...gzip, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    // Over the 1 kB threshold (the role's rules), so only the rule for /auth keeps it plain.
    expect((await login.text()).length).toBeGreaterThan(1024);
    expect(login.headers.get("content-encoding")).toBeNull();
    const cookie = login.headers.get("set-cookie")!.split(";")[0];

    const page = await get("/api/orders?_end=100", { headers: { ...gzip, cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.body).toHaveLength(100);
    expect(page.headers.get("x-total-count")).toMatch(/^\d+$/);

    const stream = new AbortController();
    const events = await fetch(server.url + "/api/events", { headers: { ...gzip, cookie }, signal: stream.signal });
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(events.headers.get("content-encoding")).toBeNull();
    // The first line arrives at once: nothing holds it back to fill a compression block.
    const first = await events.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toContain("retry:");
    stream.abort();
  });

  it("leaves /api to the API: unknown API paths are JSON 404s, not the app", async () => {
    expectError(await get("/api/nothing"), 404, "NOT_FOUND");
    expectError(await get("/api"), 404, "NOT_FOUND");
    expect((await get("/api/health")).body).toEqual({ status: "ok" });
  });

  it("answers other methods outside /api with the catalogue", async () => {
    expectError(await get("/login", { method: "POST" }), 404, "NOT_FOUND");
  });
});
