import { Refine, useCan, type CanParams } from "@refinedev/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleRule } from "../../domain/roles/rules";

// The one HTTP client, answered by the test: what the server would say.
vi.mock("./http-client", () => ({
  httpClient: { get: vi.fn(() => new Promise(() => undefined)) },
  isHttpError: () => false,
}));

const session = await import("./session");
const { queryClient } = await import("./query-client");
const { accessControlProvider } = await import("./access-control-provider");

const warehouse: RoleRule[] = [
  { resource: "products", action: "read" },
  { resource: "products", action: "update", fields: ["stock"] },
];
const user = { id: 42, name: "Wendy", email: "wendy@example.com", role: "warehouse" };

/** What a component asking `question` through Refine's useCan shows on its first render. */
function firstRender(question: CanParams) {
  const Probe = () => {
    const { data } = useCan(question);
    return createElement("p", null, data === undefined ? "asking" : data.can ? "may" : "may not");
  };
  const html = renderToString(createElement(Refine, { accessControlProvider, options: { reactQuery: { clientConfig: queryClient } } }, createElement(Probe)));
  return /<p>(.*?)<\/p>/.exec(html)?.[1];
}

describe("access questions", () => {
  beforeEach(() => {
    session.setSession(null);
    queryClient.clear();
  });

  it("are answered on the first render once the permissions are known, as the policy says, fields and all", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    expect(firstRender({ resource: "products", action: "list" })).toBe("may");
    expect(firstRender({ resource: "products", action: "edit", params: { field: "stock" } })).toBe("may");
    expect(firstRender({ resource: "products", action: "edit", params: { field: "price" } })).toBe("may not");
    expect(firstRender({ resource: "orders", action: "list" })).toBe("may not");
    // The same answer the provider gives when asked in its own time.
    expect(await accessControlProvider.can({ resource: "products", action: "edit", params: { field: "price" } })).toMatchObject({ can: false });
  });

  it("wait for the session while it is not known: nothing is answered from an empty ability", () => {
    expect(firstRender({ resource: "products", action: "list" })).toBe("asking");
  });

  it("are answered from the rebuilt ability once the permissions change", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    expect(firstRender({ resource: "orders", action: "list" })).toBe("may not");
    queryClient.clear();
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: [...warehouse, { resource: "orders", action: "read" }] } });
    expect(firstRender({ resource: "orders", action: "list" })).toBe("may");
  });
});
