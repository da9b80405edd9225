import { describe, expect, it } from "vitest";
import { i18n, t } from "./index";

describe("the app's translate", () => {
  it("says a string asked for again in the language chosen since, not the one it first said", async () => {
    await i18n.changeLanguage("en");
    expect(t("buttons.delete")).toBe("Delete");
    expect(t("list.action.show", { what: "order" })).toBe("Show this order");
    await i18n.changeLanguage("es");
    expect(t("buttons.delete")).toBe("Eliminar");
    expect(t("list.action.show", { what: "pedido" })).toBe("Ver: pedido");
    await i18n.changeLanguage("en");
    expect(t("buttons.delete")).toBe("Delete");
  });

  it("keeps each set of values apart: a count or a name is part of what is asked", async () => {
    await i18n.changeLanguage("en");
    expect(t("list.action.show", { what: "order" })).toBe("Show this order");
    expect(t("list.action.show", { what: "customer" })).toBe("Show this customer");
  });
});
