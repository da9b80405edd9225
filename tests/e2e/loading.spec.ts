import { expect, test } from "./fixtures";

// Issue 12: a blank white page never shows while the app loads — the HTML carries the page's shape.

test("while the app's JavaScript is on its way, the page shows a skeleton of the app, not a blank page", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  const skeleton = page.getByTestId("loading-skeleton");
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute("aria-busy", "true");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  release();
  // The app replaces it: signed out, the sign-in form.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test("in a dark system theme the skeleton is dark too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ colorScheme: "dark", baseURL });
  const page = await context.newPage();
  await page.route("**/*.js", () => {}); // never answered: only the HTML renders
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByTestId("loading-skeleton")).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(0, 0, 0)");
  await context.close();
});
