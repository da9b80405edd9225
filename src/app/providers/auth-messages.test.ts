import { describe, expect, it } from "vitest";
import { formatWait, loginErrorMessage } from "./auth-messages";

describe("what the sign-in form says", () => {
  it.each([
    [1, "1 second"],
    [45, "45 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [14 * 60 + 5, "15 minutes"],
  ])("a wait of %i s reads %s", (seconds, text) => expect(formatWait(seconds)).toBe(text));

  it("answers each code of the catalogue in words", () => {
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CREDENTIALS", message: "x" })).toBe("Wrong email or password.");
    expect(loginErrorMessage({ statusCode: 403, code: "ACCOUNT_DISABLED", message: "x" })).toMatch(/disabled/);
    expect(loginErrorMessage({ statusCode: 429, code: "RATE_LIMITED", message: "x", retryAfter: 600 })).toBe("Too many attempts, try again in 10 minutes.");
    expect(loginErrorMessage({ statusCode: 429, code: "RATE_LIMITED", message: "x" })).toBe("Too many attempts, try again later.");
    expect(loginErrorMessage({ statusCode: 500, code: "INTERNAL", message: "Something broke" })).toBe("Something broke");
  });
});
