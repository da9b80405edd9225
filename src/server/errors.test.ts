import { describe, expect, it } from "vitest";
import { AppError } from "../domain/errors";
import { toAppError } from "./errors";

/** Errors that express and its helpers raise (http-errors shape) map onto the catalogue. */
describe("toAppError", () => {
  it("keeps our own errors", () => {
    const e = new AppError("DUPLICATE", "taken");
    expect(toAppError(e)).toBe(e);
  });

  it.each([
    [{ status: 400, expose: true, type: "entity.parse.failed" }, "BAD_REQUEST"],
    [{ statusCode: 400, expose: true }, "BAD_REQUEST"],
    [{ status: 404, expose: true }, "NOT_FOUND"],
    [{ status: 405, expose: true }, "METHOD_NOT_ALLOWED"],
    [{ status: 413, expose: true, type: "entity.too.large" }, "PAYLOAD_TOO_LARGE"],
    [{ status: 415, expose: true, type: "encoding.unsupported" }, "UNSUPPORTED_MEDIA_TYPE"],
  ])("maps %o to %s, with a message of ours", (err, code) => {
    const mapped = toAppError(Object.assign(new Error("internal detail /some/path"), err));
    expect(mapped?.code).toBe(code);
    expect(mapped?.message).not.toContain("/some/path");
  });

  it("leaves everything else to INTERNAL", () => {
    expect(toAppError(new Error("boom"))).toBeNull();
    expect(toAppError(Object.assign(new Error("x"), { status: 500 }))).toBeNull();
    expect(toAppError(Object.assign(new Error("x"), { status: 400, expose: false }))).toBeNull();
    expect(toAppError("a string")).toBeNull();
    expect(toAppError(null)).toBeNull();
  });
});
