/**
 * npm run contract -- --url <api base> --email <account> --password <password>
 *
 * Checks a backend against the contract the Switchboard app relies on (scripts/lib/contract-kit.ts)
 * and prints what conforms, what does not, and what the app loses for each gap. The account must
 * be one that may create, change and delete customers: one customer is made and deleted again.
 * Exits 1 when anything does not conform.
 */
import { readOptions } from "./lib/cli";
import { contractTable, runContract } from "./lib/contract-kit";

const usage = "npm run contract -- --url http://127.0.0.1:3000/api --email admin@example.com --password <password>";
const options = readOptions(usage, { url: undefined, email: undefined, password: undefined });
if (!options.url || !options.email || !options.password) {
  console.error(`usage: ${usage}`);
  process.exit(2);
}
const results = await runContract({ url: options.url, email: options.email, password: options.password });
console.log(`contract checks against ${options.url}\n`);
console.log(contractTable(results));
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} of ${results.length} conform${failed ? `; ${failed} do not` : ""}`);
process.exit(failed ? 1 : 0);
