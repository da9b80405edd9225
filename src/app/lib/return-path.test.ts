import { describe, expect, it } from "vitest";
import { loginPathFor, safeReturnPath } from "./return-path";

describe("coming back after signing in", () => {
  it("goes back to a page of this app", () => {
    expect(safeReturnPath("/staff?pageSize=10")).toBe("/staff?pageSize=10");
  });

  it.each([undefined, "", "https://evil.example", "//evil.example", "/\\evil.example", "/login?to=/staff", 42])("never leaves the app or loops: %s", (to) => {
    expect(safeReturnPath(to)).toBe("/");
  });

  it("remembers the page and its query", () => {
    expect(loginPathFor({ pathname: "/staff", search: "?pageSize=10" })).toBe("/login?to=%2Fstaff%3FpageSize%3D10");
    expect(loginPathFor({ pathname: "/", search: "" })).toBe("/login");
    expect(loginPathFor({ pathname: "/login", search: "?to=%2Fstaff" })).toBe("/login");
  });
});
