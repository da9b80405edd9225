// Adds up the JSON reports Vitest and Playwright write under CI=true into one closing line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = "test-results";
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, "utf8"));
  if (report.stats && "expected" in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else if ("numPassedTests" in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
// A failed browser test leaves the page as Playwright saw it (its accessibility tree) in
// error-context.md: CI keeps only this output, so say it here, where the next reader looks.
const contexts = (folder) =>
  existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? contexts(join(folder, e.name)) : e.name === "error-context.md" ? [join(folder, e.name)] : [],
      )
    : [];
for (const file of contexts(join(dir, "playwright"))) {
  const text = readFileSync(file, "utf8");
  console.log(`== ${file}\n${text.length > 6000 ? `${text.slice(0, 6000)}\n… (${text.length - 6000} more characters)` : text}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
