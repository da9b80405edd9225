import { defineConfig } from "vitest/config";

// Under CI each run also writes a JSON report that .ci/run adds up into one closing line.
const ciReporters = process.env.CI
  ? ["default", ["json", { outputFile: `test-results/vitest-${(process.env.npm_lifecycle_event ?? "run").replace(/[^a-z0-9-]/gi, "-")}.json` }]]
  : ["default"];

export default defineConfig({
  test: {
    reporters: ciReporters as never,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
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
    ],
  },
});
