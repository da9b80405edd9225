import { describe, expect, it } from "vitest";
import { antdLocale, changeLanguage, i18n, t } from "./index";

describe("the app's translate", () => {
  it("speaks Spanish only once its words are in, antd's own with them", async () => {
    expect(i18n.language).toBe("en");
    expect(antdLocale("es").locale).toBe("en");
    await changeLanguage("es");
    expect(i18n.language).toBe("es");
    expect(t("buttons.delete")).toBe("Eliminar");
    expect(antdLocale("es").locale).toBe("es");
    await changeLanguage("en");
  });

  it("says a string asked for again in the language chosen since, not the one it first said", async () => {
    await changeLanguage("en");
    expect(t("buttons.delete")).toBe("Delete");
    expect(t("list.action.show", { what: "order" })).toBe("Show this order");
    await changeLanguage("es");
    expect(t("buttons.delete")).toBe("Eliminar");
    expect(t("list.action.show", { what: "pedido" })).toBe("Ver: pedido");
    await changeLanguage("en");
    expect(t("buttons.delete")).toBe("Delete");
  });

  it("keeps each set of values apart: a count or a name is part of what is asked", async () => {
    await changeLanguage("en");
    expect(t("list.action.show", { what: "order" })).toBe("Show this order");
    expect(t("list.action.show", { what: "customer" })).toBe("Show this customer");
  });
});
