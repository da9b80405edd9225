import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, orders, products, staff } from "../../domain/entities";
import { matchMessage, message } from "../../domain/messages";
import { checkFieldValue, validateWrite } from "../../domain/schema";
import type { AppHttpError } from "../providers/http-client";
import { ES_PACK } from "./es-pack";
import { EN_CATALOGUE } from "./index";
import { localizeError, localizeMessage, type T } from "./server-messages";

const instance = i18next.createInstance();
let es: T;
let en: T;
beforeAll(async () => {
  await instance.init({
    resources: { en: { translation: EN_CATALOGUE }, es: { translation: ES_PACK.catalogue } },
    lng: "es",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
  es = (key, options) => instance.getFixedT("es")(key, options ?? {});
  en = (key, options) => instance.getFixedT("en")(key, options ?? {});
});

describe("a domain message back to its template", () => {
  it("finds the key and the values", () => {
    expect(matchMessage("Must be at least 2 characters")).toEqual({ key: "minChars", params: { min: "2" } });
    expect(matchMessage("Must be at least $0.01")).toEqual({ key: "minValue", params: { min: "$0.01" } });
    expect(matchMessage("Line 2: Must be at most 999")).toEqual({ key: "line", params: { line: "2", message: "Must be at most 999" } });
    expect(matchMessage("Something the table does not say")).toBeNull();
  });

  it("round-trips every template", () => {
    expect(matchMessage(message("taken", { what: "email" }))).toEqual({ key: "taken", params: { what: "email" } });
    expect(matchMessage(message("required"))).toEqual({ key: "required", params: {} });
  });
});

describe("what the operator reads", () => {
  it("says the schema's own messages in Spanish, numbers and money in Spanish form", () => {
    expect(localizeMessage(checkFieldValue(customers.fields.name, "A")!, es, "es-ES")).toBe("Debe tener al menos 2 caracteres");
    expect(localizeMessage(checkFieldValue(customers.fields.creditLimit, 2_000_000_000)!, es, "es-ES")).toBe("Debe ser como máximo 10.000.000,00\u00a0US$");
    expect(localizeMessage(checkFieldValue(products.fields.stock, 2_000_000)!, es, "es-ES")).toBe("Debe ser como máximo 1.000.000");
    expect(localizeMessage(checkFieldValue(customers.fields.email, "nope")!, es, "es-ES")).toBe("Debe ser un correo electrónico válido");
    expect(localizeMessage(checkFieldValue(customers.fields.ownerId, "x")!, es, "es-ES")).toBe("Elija: propietario");
    expect(localizeMessage("Required", es, "es-ES")).toBe("Obligatorio");
  });

  it("says a definition's own message from its key", () => {
    expect(localizeMessage(checkFieldValue(customers.fields.phone, "abc")!, es, "es-ES")).toMatch(/^Solo dígitos/);
    expect(localizeMessage(customers.fields.ownerId.referenceMessage!, es, "es-ES")).toBe("Debe ser un agente o gerente activo");
  });

  it("says an order line's message with its line", () => {
    const { errors } = validateWrite(orders, { customerId: 1, assigneeId: 1, items: [{ productId: 1, quantity: 0 }] }, "create");
    expect(errors?.items?.[0]).toBe("Line 1: Must be at least 1");
    expect(localizeMessage(errors!.items[0], es, "es-ES")).toBe("Línea 1: Debe ser al menos 1");
  });

  it("leaves English as the server wrote it and unknown text untouched", () => {
    expect(localizeMessage("This email is already taken", en, "en-US")).toBe("This email is already taken");
    expect(localizeMessage("This email is already taken", es, "es-ES")).toBe("Ese valor ya está en uso (correo electrónico)");
    expect(localizeMessage("Not in any table", es, "es-ES")).toBe("Not in any table");
    expect(localizeMessage(message("noSuch", { what: staff.singular.toLowerCase() }), es, "es-ES")).toBe("No existe: empleado");
  });
});

describe("a server error in the chosen language", () => {
  const error = (over: Partial<AppHttpError>): AppHttpError => ({ statusCode: 422, message: "x", ...over });

  it("says a code's message, with what the body tells", () => {
    const referenced = error({
      statusCode: 409,
      code: "REFERENCED",
      message: "This customer cannot be deleted: 3 orders point at it. Nothing was deleted.",
      body: { counts: { orders: 3 } },
    });
    expect(localizeError(referenced, es, "es", "es-ES").message).toBe("Este registro no se puede eliminar: 3 pedidos apuntan a él. No se ha eliminado nada.");
    expect(localizeError(referenced, en, "en", "en-US").message).toBe(referenced.message);
    const forbidden = error({ statusCode: 403, code: "FORBIDDEN", message: "You may not delete customers" });
    expect(localizeError(forbidden, es, "es", "es-ES").message).toBe("Su rol no le permite hacer esto.");
    const notFound = error({ statusCode: 404, code: "NOT_FOUND", message: "No such customer" });
    expect(localizeError(notFound, es, "es", "es-ES").message).toBe("No existe: cliente");
  });

  it("says field errors by their rule, keeping the server's English on the body", () => {
    const e = error({
      code: "VALIDATION_FAILED",
      message: "Check the highlighted fields",
      errors: { email: ["This email is already taken"], name: ["Must be at least 2 characters"] },
      body: { message: "Check the highlighted fields" },
    });
    const out = localizeError(e, es, "es", "es-ES");
    expect(out.message).toBe("Revise los campos marcados.");
    expect(out.errors).toEqual({ email: ["Ese valor ya está en uso (correo electrónico)"], name: ["Debe tener al menos 2 caracteres"] });
    expect(out.body?.message).toBe("Check the highlighted fields");
  });

  it("falls back to the server's words for a code it cannot fill in, and names a lost connection", () => {
    const lastAdmin = error({ statusCode: 409, code: "LAST_ADMIN", message: "Ada is the last active admin. Make someone else an admin first." });
    expect(localizeError(lastAdmin, es, "es", "es-ES").message).toBe("Ada es el último administrador activo. Haga administrador a otra persona primero.");
    const forbiddenField = error({ statusCode: 403, code: "FORBIDDEN_FIELD", message: "You may not write: cost" });
    expect(localizeError(forbiddenField, es, "es", "es-ES").message).toBe("You may not write: cost");
    expect(localizeError(error({ statusCode: 0, message: "x" }), es, "es", "es-ES").message).toMatch(/^No se puede contactar/);
  });
});
