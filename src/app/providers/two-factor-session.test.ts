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

const desk: RoleRule[] = [{ resource: "categories", action: "read" }];
const user = { id: 7, name: "Sam", email: "sam@example.com", role: "secure-desk" };
const permissions = { role: "secure-desk", rules: desk };

describe("a member whose role requires two-factor sign-in", () => {
  beforeEach(() => {
    get.mockReset();
    session.setSession(null);
  });

  it("may do nothing while enrolment is owed: the ability is empty, whatever the rules say", async () => {
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: false, twoFactorSetupRequired: true });
    expect(session.currentTwoFactor()).toEqual({ enabled: false, setupRequired: true });
    expect(canDo(session.currentAbility(), "read", "categories")).toBe(false);
  });

  it("gets the role's rules back once enrolled, and everything hidden is asked again", async () => {
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: false, twoFactorSetupRequired: true });
    const told = vi.fn();
    const stop = session.subscribeSession(told);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: true, twoFactorSetupRequired: false });
    expect(session.currentTwoFactor()).toEqual({ enabled: true, setupRequired: false });
    expect(canDo(session.currentAbility(), "read", "categories")).toBe(true);
    expect(told).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    stop();
    invalidate.mockRestore();
  });

  it("a call refused with TWO_FACTOR_SETUP_REQUIRED mid-session closes everything but enrolment", async () => {
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: false, twoFactorSetupRequired: false });
    expect(canDo(session.currentAbility(), "read", "categories")).toBe(true);
    const before = session.currentTwoFactor();
    session.setTwoFactor({ setupRequired: true });
    expect(session.currentTwoFactor()).not.toBe(before);
    expect(canDo(session.currentAbility(), "read", "categories")).toBe(false);
  });

  it("keeps the same state object while nothing changes, and forgets it on signing out", async () => {
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: true, twoFactorSetupRequired: false });
    const first = session.currentTwoFactor();
    await session.takeSessionAnswer({ user, permissions, twoFactorEnabled: true, twoFactorSetupRequired: false });
    expect(session.currentTwoFactor()).toBe(first);
    session.setTwoFactor({ enabled: true });
    expect(session.currentTwoFactor()).toBe(first);
    session.setSession(null);
    expect(session.currentTwoFactor()).toEqual({ enabled: false, setupRequired: false });
  });
});
