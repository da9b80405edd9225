import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "switchboard-demo";
export const ACCOUNTS = {
  admin: "admin@example.com",
  manager: "manager@example.com",
  agent: "agent@example.com",
  agent2: "agent2@example.com",
  auditor: "auditor@example.com",
  former: "former@example.com",
} as const;
export type DemoAccount = keyof typeof ACCOUNTS;

/**
 * Console errors a test may cause on purpose. Chromium logs every non-2xx response of a fetch as
 * "Failed to load resource", even when the app handles it: the session check before signing in
 * (401), wrong or disabled sign-ins (401/403), a 404 record, a duplicate or invalid write
 * (409/422), the rate limit (429). A 5xx, a React warning or an uncaught error still fails.
 */
const EXPECTED_CONSOLE_ERRORS = [/^Failed to load resource: the server responded with a status of (401|403|404|409|422|429)\b/];

/** Fill in the sign-in form and press the button (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** An antd Select (in a form or the filter bar), opened and answered by its option's text. */
export async function choose(page: Page, label: string, option: string) {
  // A required field's accessible name starts with antd's "* " mark.
  // The chosen value covers the input, so click the select around it.
  const combobox = page.getByRole("combobox", { name: new RegExp(`^(\\* )?${label}$`) });
  await page.locator(".ant-select").filter({ has: combobox }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
  // A multi-select stays open after a choice.
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

/** A name no other test (or earlier run on the same data) uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Fixtures {
  /** Sign in as a demo account through the login page; resolves once the app shows them signed in. */
  login: (account: DemoAccount) => Promise<void>;
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // The server's port is known only once global-setup has started it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, provide) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run through playwright.config.ts (global-setup starts the server)");
    await provide(url);
  },

  // Auto: every test fails on a browser console error or an uncaught page error (epic-stack style).
  consoleErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !EXPECTED_CONSOLE_ERRORS.some((re) => re.test(msg.text()))) errors.push(`console.error: ${msg.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await provide(errors);
      expect(errors, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ page }, provide) => {
    await provide(async (account) => {
      await page.goto("/login");
      await submitLogin(page, ACCOUNTS[account]);
      await expect(page.getByTestId("session")).toBeVisible();
    });
  },
});

export { expect };
