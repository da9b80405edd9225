/** The API's OpenAPI 3.1 document: valid, complete (every route the server answers is in it, with its methods), true to the answers. */
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITIES } from "../../src/domain/entities";
import { expectError, expectGqlError, startTestServer, type Body, type Client, type TestServer } from "./helpers";

let server: TestServer;
let anonymous: Client;
let doc: Body;
beforeAll(async () => {
  server = await startTestServer();
  anonymous = server.client();
  const res = await anonymous.get("/api/openapi.json");
  expect(res.status, res.text).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await server.close();
});

type Operation = { summary?: string; "x-undescribed"?: boolean; responses: Record<string, unknown> };
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
/** A documented path as a request would name it: an id that names no record, a session key that is none. */
const concrete = (path: string) => `/api${path.replace("{id}", "999999").replace("{key}", "0".repeat(32))}`;

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, readable without signing in", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors, JSON.stringify(result)).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("describes every route the server has: none left without a summary and its answers", () => {
    const undescribed = operations()
      .filter(({ op }) => op["x-undescribed"] || !op.summary)
      .map(({ method, path }) => `${method} ${path}`);
    expect(undescribed).toEqual([]);
    for (const { op } of operations()) expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    // Every resource has its list, its record, and (but the audit log) its writes.
    for (const def of ENTITIES) {
      expect(Object.keys(doc.paths[`/${def.name}`] ?? {})).toEqual(def.readOnly ? ["get"] : ["get", "post", "patch"]);
      expect(doc.paths[`/${def.name}/{id}`]).toBeDefined();
    }
  });

  it("lists for each path exactly the methods the server answers there", async () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, object>)) {
      // A method no route takes: the refusal names those the path does.
      const res = await anonymous.request("PUT", concrete(path));
      // GraphQL says its refusals in GraphQL's shape.
      if (path.endsWith("/graphql")) expectGqlError(res, "METHOD_NOT_ALLOWED");
      else expectError(res, 405, "METHOD_NOT_ALLOWED");
      const allowed = (res.headers.get("allow") ?? "")
        .split(", ")
        .filter((m) => m !== "HEAD")
        .sort();
      expect(allowed, path).toEqual(
        Object.keys(ops)
          .map((m) => m.toUpperCase())
          .sort(),
      );
    }
  });

  it("names no call the server does not answer", async () => {
    for (const { path, method } of operations()) {
      const res = await anonymous.request(method, concrete(path));
      // Refused for want of a session, or answered, or its input found wrong: never an unknown call.
      expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).not.toBe(404);
      expect(res.status, `${method} ${path}`).not.toBe(405);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it("names every field a record is answered with, and what a create requires", async () => {
    const admin = await server.login("admin");
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, unknown>; required?: string[] }>;
    for (const def of ENTITIES) {
      const res = await admin.get(`/api/${def.name}?_end=20`);
      expect(res.status, res.text).toBe(200);
      const reference = doc.paths[`/${def.name}/{id}`].get.responses["200"].content["application/json"].schema.$ref as string;
      const documented = schemas[reference.split("/").pop()!];
      for (const record of res.body as Record<string, unknown>[])
        for (const field of Object.keys(record)) expect(Object.keys(documented.properties), `${def.name}.${field}`).toContain(field);
    }
    // A customer made with only what the document requires is made.
    const create = schemas.CustomerCreate;
    expect(create.required?.sort()).toEqual(["email", "name", "ownerId"]);
    const staff = (await admin.get("/api/staff?role=agent&_end=1")).body as { id: number }[];
    const made = await admin.post("/api/customers", { name: "Documented Customer", email: "documented@openapi.example", ownerId: staff[0].id });
    expect(made.status, made.text).toBe(201);
  });
});

describe("GET /api/docs", () => {
  it("is a reference page whose scripts come from this server only, none inline", async () => {
    const page = await anonymous.get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("<title>Switchboard API reference</title>");
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline.trim()).toBe("");
      const src = /src="([^"]+)"/.exec(attrs)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const asset = await anonymous.get(src!);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get("content-type")).toContain("javascript");
    }
    expect(page.headers.get("content-security-policy") ?? "").not.toContain("unsafe-eval");
  });
});
