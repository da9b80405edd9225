/** A catalogue: nested objects of strings, as i18next takes them. */
export type Tree = { [key: string]: unknown };

/** `b` laid over `a`, object by object: a language's definitions' words join its own catalogue. */
export const mergeTrees = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b))
    out[k] = v && typeof v === "object" && out[k] && typeof out[k] === "object" ? mergeTrees(out[k] as Tree, v as Tree) : v;
  return out;
};
