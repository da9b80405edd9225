import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleRule } from "../../domain/roles/rules";

// The one HTTP client, answered by the test: what the server would say.
const get = vi.fn();
const post = vi.fn();
vi.mock("./http-client", () => ({
  httpClient: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
  isHttpError: (e: unknown) => typeof e === "object" && e !== null && "statusCode" in e,
}));

// The words are not what is tested here (and the catalogues want a browser).
vi.mock("../i18n", () => ({ t: (key: string) => key }));
const { authProvider } = await import("./auth-provider");
const session = await import("./session");

// The page being looked at (stubbed after the imports: the session module listens to a real browser's window).
vi.stubGlobal("window", { location: { pathname: "/orders", search: "?page=2" } });

const manager = { id: 2, name: "Mia Manager", email: "manager@example.com", role: "manager" };
const agent = { id: 3, name: "Aaron Agent", email: "agent@example.com", role: "agent" };
const rules: RoleRule[] = [{ resource: "orders", action: "read" }];
const unauthenticated = { statusCode: 401, code: "UNAUTHENTICATED", message: "Sign in to continue" };

describe("a request answered 401", () => {
  beforeEach(async () => {
    get.mockReset();
    post.mockReset();
    session.setSession(null);
    await session.takeSessionAnswer({ user: manager, permissions: { role: "manager", rules } });
  });

  it("signs out, back to this page after signing in, when nobody is signed in any more", async () => {
    get.mockRejectedValueOnce(unauthenticated);
    expect(await authProvider.onError(unauthenticated)).toEqual({ logout: true, redirectTo: "/login?to=%2Forders%3Fpage%3D2" });
    expect(get).toHaveBeenCalledWith("/api/auth/me");
    expect(await session.getSessionUser()).toBeNull();
  });

  it("signs nobody out when another tab has just signed in (the request left with the session it replaced)", async () => {
    get.mockResolvedValueOnce({ data: { user: agent, permissions: { role: "agent", rules } } });
    expect(await authProvider.onError(unauthenticated)).toEqual({});
    // No sign-out was sent: it would have ended the new session, whose cookie the browser now holds.
    expect(post).not.toHaveBeenCalled();
    expect(await session.getSessionUser()).toMatchObject({ id: 3, role: "agent" });
  });
});
