import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (a Playwright browser download does not work here).
 * tests/e2e/global-setup.ts builds the app when needed and starts the real server on a free
 * port with a fresh copy of db.json; the fixtures point every page at it.
 */
/** The specs the "graphql" project runs: the main journeys, written against what a user sees rather than the REST calls. */
const GRAPHQL_JOURNEYS = /\/(orders|catalogue|dashboard|policy|customers-agent|staff)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results/ itself: Playwright empties its output folder, and the unit and API
  // reports written there earlier in `npm test` must survive for the CI summary.
  outputDir: "test-results/playwright",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // One browser at a time: on the 2-core machines this project runs on, two Chromiums building
  // antd's styles for the whole app at once pushed a plain sign-in past the expect timeout
  // (measured 2026-11-23: 2.2 s from click to header alone, over 10 s with two workers).
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // What a user waits for, on a shared 2-core machine: the first load of the whole app after
  // signing in takes several seconds there. Nothing asserts a time (benchmarks do).
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  // English is the suite's language; the "es" project runs the main journeys again in a Spanish
  // browser (locale es-ES, nothing stored), where the app starts in Spanish by itself.
  projects: [
    { name: "en", testIgnore: /\.es\.spec\.ts$/, use: { locale: "en-US" } },
    { name: "es", testMatch: /\.es\.spec\.ts$/, use: { locale: "es-ES" } },
    // The main journeys again with the app on @refinedev/graphql (DATA_PROVIDER=graphql): each
    // role's lists, records and forms, an order's lifecycle, bulk delete, the conflict dialog,
    // the dashboard.
    { name: "graphql", testMatch: GRAPHQL_JOURNEYS, use: { locale: "en-US" } },
  ],
  use: {
    headless: true,
    // Recorded for every test and kept for failures: locally. CI shows only the run's output, and
    // recording every action of ~170 tests cost it minutes.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
});
