import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STYLE_GAP_MODULE, withoutGenerators } from "../vite.config";

// The build drops antd's style generators for the components its stylesheets hold (decision 121).
// These run the build's edit on antd's own style modules, as installed.
const antdStyle = (file: string) => fs.readFileSync(new URL(`../node_modules/antd/es/${file}`, import.meta.url), "utf8");

describe("antd's style generators, dropped at build where the stylesheets hold the component", () => {
  afterEach(() => vi.restoreAllMocks());

  it("replaces a held component's generator and token defaults with the gap's reporter", () => {
    const edited = withoutGenerators(antdStyle("button/style/index.js"), new Set(["Button-Button"]));
    expect(edited?.dropped).toBe(1);
    const code = edited!.code.toString();
    expect(code).toMatch(/^import __styleNotInTheBuiltFiles from "switchboard:antd-style-gap";/);
    expect(code).toMatch(/export default genStyleHooks\('Button', __styleNotInTheBuiltFiles, undefined, \{/);
  });

  it("names a sub-style by its parts, as cssinjs files it (Button-compact)", () => {
    expect(withoutGenerators(antdStyle("button/style/compact.js"), new Set(["Button-Button"]))).toBeNull();
    expect(withoutGenerators(antdStyle("button/style/compact.js"), new Set(["Button-compact"]))?.dropped).toBe(1);
  });

  it("keeps every generator of a component the stylesheets lack, and of a module with no style hook", () => {
    expect(withoutGenerators(antdStyle("collapse/style/index.js"), new Set(["Button-Button"]))).toBeNull();
    expect(withoutGenerators(antdStyle("button/style/token.js"), new Set(["Button-Button"]))).toBeNull();
  });

  it("drops both hooks of a module that has two (Input's shared and component styles) only where each is held", () => {
    const edited = withoutGenerators(antdStyle("input/style/index.js"), new Set(["Input-Shared"]));
    expect(edited?.dropped).toBe(1);
    const code = edited!.code.toString();
    expect(code).toContain("genStyleHooks(['Input', 'Shared'], __styleNotInTheBuiltFiles, undefined");
    expect(code).not.toContain("genStyleHooks(['Input', 'Component'], __styleNotInTheBuiltFiles");
  });

  it("reports a style the page needs but the stylesheets lack on the console, and generates nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { default: report } = (await import(`data:text/javascript,${encodeURIComponent(STYLE_GAP_MODULE)}`)) as {
      default: (token: object, info: object) => unknown;
    };
    expect(report({}, { prefixCls: "ant-btn", hashId: "css-abc" })).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0][0])).toContain("ant-btn (css-abc)");
  });
});
