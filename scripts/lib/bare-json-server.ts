/**
 * Bare json-server 0.17.4 as a library (`create()` + `router(file)`), mounted at /api so that
 * the benchmark sends both servers the same requests: the baseline our layer is compared with.
 * Nothing of ours runs in this process. DB_FILE is the data file (a copy: it writes to it).
 */
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

// json-server ships CommonJS without types.
const jsonServer = createRequire(import.meta.url)("json-server") as {
  create(): import("express").Express;
  router(file: string): import("express").Router;
};

const file = process.env.DB_FILE;
if (!file) throw new Error("DB_FILE is required");
const app = jsonServer.create();
app.use("/api", jsonServer.router(file));
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`json-server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
