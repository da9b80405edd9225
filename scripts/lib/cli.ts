/** The options of the bench and test scripts: `--name value` strings, `--help`, checked numbers. */
import { parseArgs } from "node:util";

/** `defaults`: every option the script takes, with its default (undefined: none). Exits after --help. */
export function readOptions<K extends string>(usage: string, defaults: Record<K, string | undefined>): Record<K, string | undefined> {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([k, v]) => [k, v === undefined ? { type: "string" as const } : { type: "string" as const, default: v as string }]),
  );
  const { values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  return values as Record<K, string | undefined>;
}

export function wholeNumber(name: string, raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d*$/.test(raw)) throw new Error(`--${name} takes a whole number of 1 or more, got "${raw}"`);
  return Number(raw);
}
