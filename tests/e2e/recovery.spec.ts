import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS, expect, submitLogin, test } from "./fixtures";
import { startServer } from "./global-setup";

// Issue 20: the real server stopped mid-use and started again on the same port. The app says so
// once, and recovers by itself: the banner goes, what is on screen is asked for again, and a save
// goes through — no Retry, no reload.

const UNREACHABLE = "Can't reach the server — check your connection";
/** What Chromium logs for requests to a server that is not there: expected here, and only here. */
const NO_ANSWER = /net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|INCOMPLETE_CHUNKED_ENCODING|SOCKET_NOT_CONNECTED)/;

/** This test's own server, on a copy of the demo data, so stopping it disturbs no other test. */
async function ownServer() {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-recovery-"));
  const dbFile = join(dir, "db.json");
  copyFileSync(resolve(import.meta.dirname, "../../db.json"), dbFile);
  const first = await startServer(dbFile);
  const url = first.url;
  let child = first.child;
  const port = Number(new URL(url).port);
  return {
    url,
    /** Gone at once, as in a crash: by its PID. */
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(child.pid!, "SIGKILL");
      await exited;
    },
    /** Again on the same port and data. */
    async start() {
      ({ child } = await startServer(dbFile, port));
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) await this.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The banner never lies over the header's controls. */
async function expectHeaderUncovered(page: Page, banner: Locator) {
  const bannerBox = (await banner.boundingBox())!;
  for (const control of [page.getByRole("combobox", { name: "Language" }), page.getByRole("switch", { name: "Dark mode" })])
    expect(boxesOverlap(bannerBox, (await control.boundingBox())!)).toBe(false);
}

let server: Awaited<ReturnType<typeof ownServer>> | undefined;
test.afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

test("after the server comes back the app recovers by itself: the banner goes, lists show names, a save goes through", async ({ page, consoleErrors }) => {
  // Two starts of a server of its own, on a busy machine, besides what a user waits for.
  test.setTimeout(150_000);
  server = await ownServer();
  const { url } = server;
  await page.goto(`${url}/login`);
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page.getByTestId("session")).toBeVisible();
  await page.goto(`${url}/customers`);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  // Down while the operator works: the next page's data gets no answer.
  await server.stop();
  await page.getByRole("menuitem", { name: "Orders" }).click();
  const banner = page.getByRole("alert").filter({ hasText: UNREACHABLE });
  await expect(banner).toBeVisible();
  await expectHeaderUncovered(page, banner);
  // Said once: the banner, not a notification as well.
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);

  // Back on the same port: the banner goes by itself and the list fills in, names and all.
  await server.start();
  await expect(banner).toHaveCount(0);
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  const customerCells = page.locator(".ant-table-row td").filter({ hasText: /^#\d+$/ });
  await expect(customerCells).toHaveCount(0);

  // On an edit form: a save while down is refused in one message; once back, it goes through.
  const id = ((await (await page.request.get(`${url}/api/customers?_end=1`)).json()) as { id: number }[])[0].id;
  await page.goto(`${url}/customers/edit/${id}`);
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toBeFocused();
  await name.fill(`${await name.inputValue()} (recovered)`);
  await server.stop();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(banner).toBeVisible();
  await expectHeaderUncovered(page, banner);
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  await server.start();
  await expect(banner).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${id}$`));
  await expect(page.getByRole("heading", { name: /\(recovered\)$/ })).toBeVisible();

  // Closed before the server is stopped after the test: its live stream would otherwise be cut
  // once more, after the filter below (a CI run failed on that).
  await page.close();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !NO_ANSWER.test(e)));
});
