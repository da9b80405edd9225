import fs from "node:fs";
import { parseAst } from "vite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANTD_STYLE_MODULE, STYLE_GAP_MODULE, withoutGenerators } from "./antd-style-generators";

// The build drops antd's style generators for the hooks its stylesheets hold (decision 121).
// These run the build's edit on antd's own style modules, as installed.
const antdStyle = (file: string) => fs.readFileSync(new URL(`../node_modules/antd/es/${file}`, import.meta.url), "utf8");

describe("antd's style generators, dropped at build where the stylesheets hold the hook", () => {
  afterEach(() => vi.restoreAllMocks());

  it("replaces a held hook's generator and token defaults with the gap's reporter, and still parses", () => {
    const edited = withoutGenerators(antdStyle("button/style/index.js"), new Set(["Button-Button"]));
    expect(edited?.dropped).toEqual(["Button-Button"]);
    const code = edited!.code.toString();
    expect(code).toMatch(/^import __styleNotInTheBuiltFiles from "switchboard:antd-style-gap";/);
    expect(code).toMatch(/export default genStyleHooks\('Button', __styleNotInTheBuiltFiles, undefined, \{/);
    expect(() => parseAst(code)).not.toThrow();
  });

  it("names a sub-style by its parts, as cssinjs files it, and drops its token defaults too (Modal-confirm)", () => {
    expect(withoutGenerators(antdStyle("button/style/compact.js"), new Set(["Button-Button"]))).toBeNull();
    expect(withoutGenerators(antdStyle("button/style/compact.js"), new Set(["Button-compact"]))?.dropped).toEqual(["Button-compact"]);
    const confirm = withoutGenerators(antdStyle("modal/style/confirm.js"), new Set(["Modal-confirm"]))!.code.toString();
    expect(confirm).toMatch(/genSubStyleComponent\(\['Modal', 'confirm'\], __styleNotInTheBuiltFiles, undefined, \{/);
  });

  it("finds a hook built inside a function (the menu's, made per call)", () => {
    const edited = withoutGenerators(antdStyle("menu/style/index.js"), new Set(["Menu-Menu"]));
    expect(edited?.dropped).toEqual(["Menu-Menu"]);
    expect(edited!.code.toString()).toMatch(/const useStyle = genStyleHooks\('Menu', __styleNotInTheBuiltFiles, undefined,/);
    expect(() => parseAst(edited!.code.toString())).not.toThrow();
  });

  it("keeps every generator of a hook the stylesheets lack, and leaves a module with no style hook alone", () => {
    expect(withoutGenerators(antdStyle("collapse/style/index.js"), new Set(["Button-Button"]))).toBeNull();
    expect(withoutGenerators(antdStyle("button/style/token.js"), new Set(["Button-Button"]))).toBeNull();
  });

  it("drops, of a module with two hooks (Input's shared and component styles), only the held one", () => {
    const edited = withoutGenerators(antdStyle("input/style/index.js"), new Set(["Input-Shared"]));
    expect(edited?.dropped).toEqual(["Input-Shared"]);
    expect(edited!.code.toString()).toMatch(/genStyleHooks\(\['Input', 'Component'\], token => \{/);
  });

  it("edits antd's style modules and the click wave's, nothing else of antd", () => {
    for (const file of ["button/style/index.js", "form/style/fallbackCmp.js", "_util/wave/style.js"])
      expect(ANTD_STYLE_MODULE.test(`/x/node_modules/antd/es/${file}`)).toBe(true);
    for (const file of ["button/button.js", "style/index.js", "theme/util/genStyleUtils.js"])
      expect(ANTD_STYLE_MODULE.test(`/x/node_modules/antd/es/${file}`)).toBe(false);
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
