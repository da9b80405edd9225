import { readability } from "@ctrl/tinycolor";
import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { DARK, LIGHT } from "./themes";

// WCAG AA for normal text: what a primary button's label and a link read at, at rest, hovered and pressed.
const AA = 4.5;

describe.each([
  ["light", LIGHT],
  ["dark", DARK],
])("the %s theme keeps its text readable in every state", (_, config) => {
  const token = theme.getDesignToken(config);

  it.each(["colorPrimary", "colorPrimaryHover", "colorPrimaryActive"] as const)("a primary button's label on %s", (state) => {
    expect(readability(token.colorTextLightSolid, token[state])).toBeGreaterThanOrEqual(AA);
  });

  it.each(["colorLink", "colorLinkHover", "colorLinkActive"] as const)("%s on the page", (state) => {
    expect(readability(token[state], token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });
});
