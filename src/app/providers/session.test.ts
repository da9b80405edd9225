import { beforeEach, describe, expect, it, vi } from "vitest";
import { canDo } from "../../domain/policy";
import type { RoleRule } from "../../domain/roles/rules";

// The one HTTP client, answered by the test: what the server would say.
const get = vi.fn();
vi.mock("./http-client", () => ({
  httpClient: { get: (...args: unknown[]) => get(...args) },
  isHttpError: (e: unknown) => typeof e === "object" && e !== null && "statusCode" in e,
}));

const session = await import("./session");
const { queryClient } = await import("./query-client");

const warehouse: RoleRule[] = [
  { resource: "products", action: "read" },
  { resource: "products", action: "update", fields: ["stock"] },
];
const user = { id: 42, name: "Wendy", email: "wendy@example.com", role: "warehouse" };

describe("the session's ability", () => {
  beforeEach(() => {
    get.mockReset();
    session.setSession(null);
  });

  it("is built from the permissions the server sent, under whatever name the role has", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    const ability = session.currentAbility();
    expect(canDo(ability, "read", "products")).toBe(true);
    expect(canDo(ability, "update", "products", undefined, "stock")).toBe(true);
    expect(canDo(ability, "update", "products", undefined, "price")).toBe(false);
    expect(canDo(ability, "read", "orders")).toBe(false);
    // No request was needed: the answer carried them.
    expect(get).not.toHaveBeenCalled();
  });

  it("asks for the permissions when a sign-in's answer has none", async () => {
    get.mockResolvedValueOnce({ data: { role: "warehouse", rules: warehouse } });
    await session.takeSessionAnswer({ user });
    expect(get).toHaveBeenCalledWith("/api/auth/permissions");
    expect(canDo(session.currentAbility(), "read", "products")).toBe(true);
  });

  it("asks again, once the permissions come, what was answered while they were on their way", async () => {
    let arrive: (value: unknown) => void = () => undefined;
    get.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const taken = session.takeSessionAnswer({ user });
    // Signed in, but the permissions are on their way: a question asked now is refused.
    expect(await session.getSessionUser()).toMatchObject({ id: 42 });
    expect(canDo(session.currentAbility(), "read", "products")).toBe(false);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ["access"] });
    arrive({ data: { role: "warehouse", rules: warehouse } });
    await taken;
    expect(canDo(session.currentAbility(), "read", "products")).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    invalidate.mockRestore();
  });

  it("is the same object on every question until the permissions change, then rebuilt once, and everyone told", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    const first = session.currentAbility();
    expect(session.currentAbility()).toBe(first);
    const told = vi.fn();
    const stop = session.subscribeSession(told);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    // Unchanged: nothing rebuilt, nothing asked again.
    get.mockResolvedValueOnce({ data: { role: "warehouse", rules: warehouse } });
    await session.refreshPermissions();
    expect(session.currentAbility()).toBe(first);
    expect(told).not.toHaveBeenCalled();

    // Narrowed (no more edits): a new ability, the buttons' answers asked again.
    get.mockResolvedValueOnce({ data: { role: "warehouse", rules: warehouse.slice(0, 1) } });
    await session.refreshPermissions();
    expect(session.currentAbility()).not.toBe(first);
    expect(canDo(session.currentAbility(), "update", "products")).toBe(false);
    expect(told).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    stop();
    invalidate.mockRestore();
  });

  it("follows a change of role, and several events at once make one request more, not one each", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    let answer!: (v: unknown) => void;
    get.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    get.mockResolvedValueOnce({ data: { role: "auditor-2", rules: [{ resource: "orders", action: "read" }] } });
    const a = session.refreshPermissions();
    const b = session.refreshPermissions();
    const c = session.refreshPermissions();
    answer({ data: { role: "warehouse", rules: warehouse } });
    await Promise.all([a, b, c]);
    expect(get).toHaveBeenCalledTimes(2);
    expect(session.currentPermissions()?.role).toBe("auditor-2");
    expect(canDo(session.currentAbility(), "read", "orders")).toBe(true);
    expect(await session.getSessionUser()).toMatchObject({ id: 42, role: "auditor-2" });
  });

  it("asks again who is signed in when another tab signed in as someone else", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    // The same person again (a recheck): nothing asked again.
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    expect(invalidate).not.toHaveBeenCalled();
    await session.takeSessionAnswer({ user: { ...user, id: 43, name: "Otto" }, permissions: { role: "auditor", rules: [] } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["auth", "identity"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    invalidate.mockRestore();
  });

  it("has nothing once signed out", async () => {
    await session.takeSessionAnswer({ user, permissions: { role: "warehouse", rules: warehouse } });
    session.setSession(null);
    expect(canDo(session.currentAbility(), "read", "products")).toBe(false);
  });
});
