import { describe, expect, it } from "vitest";
import { defineAbilityFor } from "../../domain/policy";
import { builtInRules } from "../../domain/roles/built-in";
import type { AppHttpError } from "../providers/http-client";
import { mayRestoreAny, refusalOf, TRASHABLE, trashKey } from "./trash";

const abilityOf = (role: string) => defineAbilityFor({ id: 3, role }, builtInRules(role));

describe("the trash", () => {
  it("holds every resource but the audit log", () => {
    expect(TRASHABLE.map((d) => d.name)).not.toContain("audit-events");
    expect(TRASHABLE.map((d) => d.name)).toContain("customers");
  });

  it("is in the menu of the roles that may create something: they may restore it", () => {
    expect(mayRestoreAny(abilityOf("admin"))).toBe(true);
    expect(mayRestoreAny(abilityOf("manager"))).toBe(true);
    expect(mayRestoreAny(abilityOf("agent"))).toBe(true);
    // Everyone keeps saved views, but a read-only role's trash menu is not for them alone.
    expect(mayRestoreAny(abilityOf("auditor"))).toBe(false);
    expect(mayRestoreAny(defineAbilityFor(null))).toBe(false);
  });

  it("keys an entry by resource and record", () => expect(trashKey({ resource: "customers", recordId: 4 })).toBe("customers/4"));
});

describe("a refused restore", () => {
  const error = (over: Partial<AppHttpError>): AppHttpError => ({ statusCode: 409, message: "A value it held is taken by another record now", ...over });

  it("names each field, its reason, and who holds a taken value", () => {
    const refusal = refusalOf(
      error({
        code: "DUPLICATE",
        errors: { email: ["This email is taken by Ada Lovelace now"] },
        body: { holders: { email: { id: 12, label: "Ada Lovelace" } } },
      }),
      "fallback",
    );
    expect(refusal).toEqual({
      code: "DUPLICATE",
      statusCode: 409,
      message: "A value it held is taken by another record now",
      fields: [{ field: "email", messages: ["This email is taken by Ada Lovelace now"], holder: { id: 12, label: "Ada Lovelace" } }],
    });
  });

  it("a reference that is gone has no holder; an answer without fields keeps its message", () => {
    expect(refusalOf(error({ statusCode: 422, code: "VALIDATION_FAILED", errors: { categoryId: ["No such category"] } }), "x").fields).toEqual([
      { field: "categoryId", messages: ["No such category"] },
    ]);
    expect(refusalOf(error({ statusCode: 404, code: "NOT_FOUND", message: "gone" }), "x")).toMatchObject({ code: "NOT_FOUND", message: "gone", fields: [] });
    expect(refusalOf(new Error(""), "Unexpected")).toEqual({ message: "Unexpected", fields: [] });
  });
});
