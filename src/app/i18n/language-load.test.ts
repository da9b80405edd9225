import { describe, expect, it, vi } from "vitest";

// Spanish's file does not arrive (the connection is down when the operator first switches to it).
vi.mock("./language-packs", () => ({ LANGUAGE_PACKS: { es: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) } }));
const { antdLocale, changeLanguage, i18n, startLanguage, t } = await import("./index");

describe("a language whose words cannot be fetched", () => {
  it("changes nothing: the app stays in the language it speaks, antd's words with it", async () => {
    await startLanguage;
    await expect(changeLanguage("es")).rejects.toThrow(/Failed to fetch/);
    expect(i18n.language).toBe("en");
    expect(t("buttons.delete")).toBe("Delete");
    expect(antdLocale("es").locale).toBe("en");
  });
});
