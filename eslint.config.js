import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain scripts (CI summary, configs) run under Node.
  { files: ["**/*.{js,mjs,cjs}"], languageOptions: { globals: globals.node } },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import-x/no-cycle": "error",
      // ARCHITECTURE.md: app → domain and server → domain; never the other way, never app ↔ server.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/domain", from: "./src/app", message: "domain must not import the app" },
            { target: "./src/domain", from: "./src/server", message: "domain must not import the server" },
            { target: "./src/app", from: "./src/server", message: "the app talks to the server over HTTP only" },
            { target: "./src/server", from: "./src/app", message: "the server must not import the app" },
          ],
        },
      ],
    },
  },
);
