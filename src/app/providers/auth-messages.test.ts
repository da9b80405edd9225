import { describe, expect, it } from "vitest";
import { LOGIN_EN, LOGIN_ES } from "../i18n/login-catalogue";
import { makeTranslate } from "../i18n/lookup";
import { formatWait, loginErrorMessage } from "./auth-messages";

const en = makeTranslate(LOGIN_EN, LOGIN_EN, "en-US");
const es = makeTranslate(LOGIN_ES, LOGIN_EN, "es-ES");

describe("what the sign-in form says", () => {
  it.each([
    [1, "1 second", "1 segundo"],
    [45, "45 seconds", "45 segundos"],
    [60, "1 minute", "1 minuto"],
    [61, "2 minutes", "2 minutos"],
    [14 * 60 + 5, "15 minutes", "15 minutos"],
  ])("a wait of %i s reads %s / %s", (seconds, english, spanish) => {
    expect(formatWait(seconds, en)).toBe(english);
    expect(formatWait(seconds, es)).toBe(spanish);
  });

  it("answers each code of the catalogue in words", () => {
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CREDENTIALS", message: "x" }, en)).toBe("Wrong email or password.");
    expect(loginErrorMessage({ statusCode: 403, code: "ACCOUNT_DISABLED", message: "x" }, en)).toMatch(/disabled/);
    expect(loginErrorMessage({ statusCode: 429, code: "RATE_LIMITED", message: "x", retryAfter: 600 }, en)).toBe("Too many attempts, try again in 10 minutes.");
    expect(loginErrorMessage({ statusCode: 429, code: "RATE_LIMITED", message: "x" }, en)).toBe("Too many attempts, try again later.");
    expect(loginErrorMessage({ statusCode: 500, code: "INTERNAL", message: "Something broke" }, en)).toBe("Something broke");
  });

  it("answers the two-factor step: a wrong code, a wrong recovery code, in both languages", () => {
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CODE", message: "x" }, en)).toBe(
      "That code is wrong or was used already. Try the next one your app shows.",
    );
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CODE", message: "x" }, en, true)).toBe("That recovery code is wrong or was used already.");
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CODE", message: "x" }, es)).toMatch(/^Ese código es incorrecto/);
    expect(loginErrorMessage({ statusCode: 401, code: "TWO_FACTOR_REQUIRED", message: "x" }, en)).toMatch(/6-digit code/);
  });

  it("says them in Spanish when Spanish is chosen", () => {
    expect(loginErrorMessage({ statusCode: 401, code: "INVALID_CREDENTIALS", message: "Wrong email or password" }, es)).toBe(
      "Correo electrónico o contraseña incorrectos.",
    );
    expect(loginErrorMessage({ statusCode: 429, code: "RATE_LIMITED", message: "x", retryAfter: 30 }, es)).toBe(
      "Demasiados intentos; vuelva a intentarlo dentro de 30 segundos.",
    );
    expect(loginErrorMessage({ statusCode: 0, message: "x" }, es)).toBe("No se puede contactar con el servidor. Inténtelo de nuevo.");
  });
});
