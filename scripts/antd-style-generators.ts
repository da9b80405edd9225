/**
 * antd's style generators, dropped from the build where the built stylesheets hold the styles
 * (decision 121; vite.config.ts's antd-stylesheets plugin applies it).
 *
 * Once antd's styles are in the built files (scripts/antd-css.tsx), the code that would generate
 * them in the browser is never run for the components the files hold: cssinjs finds each of their
 * styles on the files' map and calls no generator. That code was ~47 kB gzipped of every route's
 * JavaScript. So the build replaces a style hook's generator, and its component token's defaults
 * (read only by the generator while antd's CSS-variables mode is off, which antd-css.tsx checks),
 * where the files hold that hook under every theme. The hook itself stays, and still gives cssinjs
 * its path and hash. Hooks the files lack keep their generators and are generated at run time.
 *
 * A page that needs a style the files lack under a dropped generator gets none: the reporter says
 * so on the console (which fails any e2e test) instead of leaving a component unstyled in silence.
 */
import MagicString from "magic-string";
import { parseAst } from "vite";

/** antd's style modules: each component's `style/*.js`, and the click wave's. */
export const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:[^\\/]+[\\/]style[\\/][^\\/]+|_util[\\/]wave[\\/]style)\.js$/;
/** The factories antd builds its style hooks with (from @ant-design/cssinjs-utils): name, generator, token defaults, options. */
const STYLE_HOOK_FACTORIES = new Set(["genStyleHooks", "genSubStyleComponent", "genComponentStyleHook"]);
/**
 * Paths on the files' map that no style module's hook names: the reset every hook registers
 * ("Shared") and @ant-design/icons' own style.
 */
export const NOT_A_STYLE_HOOK = new Set(["Shared", "ant-design-icons"]);

/** The reporter's module, imported by every edited style module, and its id once resolved (virtual). */
export const STYLE_GAP = "switchboard:antd-style-gap";
export const STYLE_GAP_ID = `\0${STYLE_GAP}`;
export const STYLE_GAP_MODULE = `export default function styleNotInTheBuiltFiles(_token, info) {
  console.error("antd: the built stylesheet has no style for " + info.prefixCls + " (" + info.hashId + ") and its generator was dropped at build (decision 121)");
  return [];
}`;

interface Node {
  type?: string;
  start: number;
  end: number;
  callee?: { type: string; name: string };
  arguments?: (Node & { value?: unknown; elements?: ({ value?: unknown } | null)[] })[];
}

/**
 * A style module with the generators of `held`'s hooks replaced by the gap's reporter, and the
 * names of the hooks it dropped; null when it has none of them.
 */
export function withoutGenerators(code: string, held: ReadonlySet<string>): { code: MagicString; dropped: string[] } | null {
  // Most style modules are helpers and tokens with no hook: not worth parsing.
  if (![...STYLE_HOOK_FACTORIES].some((factory) => code.includes(`${factory}(`))) return null;
  const edit = new MagicString(code);
  const dropped: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    const args = n.arguments ?? [];
    if (n.type === "CallExpression" && n.callee?.type === "Identifier" && STYLE_HOOK_FACTORIES.has(n.callee.name) && args.length >= 2) {
      const [name, generator, componentToken] = args;
      // cssinjs files a hook under its name's parts joined by "-", a lone name twice ("Button-Button").
      const cells = name.type === "Literal" ? [name.value, name.value] : name.type === "ArrayExpression" ? (name.elements ?? []).map((e) => e?.value) : [];
      const path = cells.length > 0 && cells.every((c) => typeof c === "string") ? cells.join("-") : undefined;
      const positional = args.slice(0, 3).every((a) => a.type !== "SpreadElement");
      if (path && positional && held.has(path)) {
        edit.overwrite(generator.start, generator.end, "__styleNotInTheBuiltFiles");
        if (componentToken) edit.overwrite(componentToken.start, componentToken.end, "undefined");
        dropped.push(path);
        return;
      }
    }
    for (const value of Object.values(n)) if (value && typeof value === "object") visit(value);
  };
  visit(parseAst(code));
  if (dropped.length === 0) return null;
  edit.prepend(`import __styleNotInTheBuiltFiles from "${STYLE_GAP}";\n`);
  return { code: edit, dropped };
}
