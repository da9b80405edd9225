import { defineConfig } from "vitest/config";

// Under CI each run also writes a JSON report that .ci/run adds up into one closing line.
const ciReporters = process.env.CI
  ? ["default", ["json", { outputFile: `test-results/vitest-${(process.env.npm_lifecycle_event ?? "run").replace(/[^a-z0-9-]/gi, "-")}.json` }]]
  : ["default"];

export default defineConfig({
  test: {
    reporters: ciReporters as never,
    // One worker per core, not Vitest's one less: the API files spend their time waiting on their
    // own servers and PostgreSQL. On the 2-core CI machine `npm run test:api` went from 283 s to 168 s
    // (measured 2026-11-25).
    maxWorkers: "100%",
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // @refinedev/graphql's ES build imports "lodash/set" without an extension, which only a
          // bundler resolves: Vite transforms it here as it does in the app's build. And
          // @refinedev/react-router's CommonJS build would load a second react-router (its own
          // Router context) beside the one a test renders.
          server: { deps: { inline: [/@refinedev\/graphql/, /@refinedev\/react-router/] } },
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // Each file starts its own server on a fresh data copy; files run in parallel.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The same API suite on PostgreSQL: one throwaway cluster, a fresh database per server.
          name: "api-pg",
          // *.pg-test.ts: what only PostgreSQL has (several app servers, its faults).
          include: ["tests/api/**/*.test.ts", "tests/api/**/*.pg-test.ts"],
          // What only the JSON store has: its data file (refusals of a torn file, kill -9 of the
          // file's writer) and file serving, which no store touches.
          exclude: ["tests/api/store.test.ts", "tests/api/cli.test.ts", "tests/api/serving.test.ts"],
          globalSetup: ["tests/api/pg-global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
