/** Issue 22, "Faster than a stock Refine app": a page loaded again asks for its data beside its code, not after it. */
import { expect, test } from "./fixtures";

test("loaded again, a list asks for its page and its session at once, before the app's code, and once each", async ({ page, login }) => {
  await login("manager", "/customers");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first()).toBeVisible();

  // What the reload asks for, in the order the browser sends it.
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === "script") asked.push(`script ${url.pathname}`);
    else if (url.pathname.startsWith("/api/")) asked.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("session")).toBeVisible();

  const appCode = asked.findIndex((a) => /^script \/assets\/full-app-/.test(a));
  const list = asked.filter((a) => /^GET \/api\/customers\?.*_start=0/.test(a));
  const session = asked.filter((a) => a === "GET /api/auth/me");
  expect(appCode, asked.join("\n")).toBeGreaterThan(-1);
  // One request each: the app took the early answers instead of asking again.
  expect(list, asked.join("\n")).toHaveLength(1);
  expect(session, asked.join("\n")).toHaveLength(1);
  expect(asked.indexOf(list[0]), asked.join("\n")).toBeLessThan(appCode);
  expect(asked.indexOf(session[0]), asked.join("\n")).toBeLessThan(appCode);
});
