import { afterEach, describe, expect, it, vi } from "vitest";
import { onKeyDownForTypeAhead, setPaletteShown, takeTypeAhead, TYPE_AHEAD_MAX_MS } from "./palette-type-ahead";

/** A keydown as the browser gives it; `held` says whether it was kept from the page. */
function press(key: string, mods: Partial<Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "isComposing">> = {}) {
  let held = false;
  const event = {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
    ...mods,
    preventDefault: () => (held = true),
    stopPropagation: () => undefined,
  };
  onKeyDownForTypeAhead(event as unknown as KeyboardEvent);
  return held;
}
const typeKeys = (text: string) => [...text].map((k) => press(k));

afterEach(() => {
  takeTypeAhead();
  setPaletteShown(false);
  vi.useRealTimers();
});

describe("palette type-ahead", () => {
  it("leaves keys alone until the palette's shortcut", () => {
    expect(typeKeys("ada")).toEqual([false, false, false]);
    expect(takeTypeAhead()).toBe("");
  });

  it("holds what is typed after Ctrl+K or ⌘K, Backspace included, and hands it over once", () => {
    expect(press("k", { ctrlKey: true })).toBe(false);
    expect(typeKeys("adx")).toEqual([true, true, true]);
    expect(press("Backspace")).toBe(true);
    expect(press("A")).toBe(true);
    expect(takeTypeAhead()).toBe("adA");
    // Handed over: the box has focus now and keys go to it.
    expect(press("b")).toBe(false);
    expect(takeTypeAhead()).toBe("");
    press("K", { metaKey: true });
    typeKeys("ok");
    expect(takeTypeAhead()).toBe("ok");
  });

  it("lets shortcuts, Shift and composition through while holding, and drops Enter and the like", () => {
    press("k", { ctrlKey: true });
    expect(press("c", { ctrlKey: true })).toBe(false);
    expect(press("Shift")).toBe(false);
    expect(press("é", { isComposing: true })).toBe(false);
    expect(press("Enter")).toBe(true);
    expect(press("ArrowDown")).toBe(true);
    expect(takeTypeAhead()).toBe("");
  });

  it("stops holding on Escape, and on Ctrl+K that closes a palette on screen", () => {
    press("k", { ctrlKey: true });
    press("a");
    expect(press("Escape")).toBe(false);
    expect(press("b")).toBe(false);
    expect(takeTypeAhead()).toBe("");
    setPaletteShown(true);
    press("k", { ctrlKey: true });
    expect(press("a")).toBe(false);
  });

  it("never holds keys longer than its limit, if the palette never comes", () => {
    vi.useFakeTimers();
    press("k", { ctrlKey: true });
    press("a");
    vi.advanceTimersByTime(TYPE_AHEAD_MAX_MS);
    expect(press("b")).toBe(false);
    expect(takeTypeAhead()).toBe("");
  });
});
