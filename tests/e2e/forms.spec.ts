import type { Route } from "@playwright/test";
import { createStaff, expect, test, unique } from "./fixtures";

/** A category of this test's own, made through the API with the page's (admin) session. */
async function createCategory(page: import("@playwright/test").Page, name: string) {
  const res = await page.request.post("/api/categories", { data: { name, description: "Made by an e2e test" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; version: number };
}

test("a save over someone else's change says so and offers to reload", async ({ page, login }) => {
  await login("admin");
  const name = unique("Conflict category");
  const category = await createCategory(page, name);

  await page.goto(`/categories/edit/${category.id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  // Meanwhile, someone else saves the same record.
  const theirs = await page.request.patch(`/api/categories/${category.id}`, { data: { description: "Their description", version: category.version } });
  expect(theirs.ok(), await theirs.text()).toBe(true);

  await page.getByLabel("Name", { exact: true }).fill(`${name} (mine)`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Someone else changed this record")).toBeVisible();
  // Nothing the user typed is lost until they choose to reload.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${name} (mine)`);

  await page.getByRole("button", { name: "Reload theirs" }).click();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Their description");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  // Saving again, on their version, works.
  await page.getByLabel("Name", { exact: true }).fill(`${name} (mine)`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/categories/show/${category.id}$`));
  await expect(page.getByRole("heading", { name: `${name} (mine)` })).toBeVisible();
});

test("a form opened from its record takes the record's newer read without closing the picker being opened", async ({ page, login }) => {
  await login("admin");
  const member = await createStaff(page.request);
  await page.goto(`/staff/show/${member.id}`);
  await expect(page.getByRole("heading", { name: member.name })).toBeVisible();

  // Meanwhile someone renames them: the record's page still shows what it read.
  const current = (await (await page.request.get(`/api/staff/${member.id}`)).json()) as { version: number };
  const renamed = `${member.name} (renamed)`;
  const theirs = await page.request.patch(`/api/staff/${member.id}`, { data: { name: renamed, version: current.version } });
  expect(theirs.ok(), await theirs.text()).toBe(true);

  // The form opens at once from that read and reads the record again; that answer is held until the picker is open.
  const held: Route[] = [];
  await page.route(`**/api/staff/${member.id}`, (route) => (route.request().method() === "GET" ? held.push(route) : route.fallback()));
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(member.name);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const role = page.getByRole("combobox", { name: /^(\* )?Role$/ });
  await page.locator(".ant-select").filter({ has: role }).click();
  const options = page.locator(".ant-select-dropdown:visible");
  await expect(options.getByTitle("Manager", { exact: true })).toBeVisible();

  await page.unroute(`**/api/staff/${member.id}`);
  for (const route of held) await route.fallback();
  // The newer read is in the form, and the picker is still open under the user's pointer.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renamed);
  await expect(options.getByTitle("Manager", { exact: true })).toBeVisible();
  await options.getByTitle("Manager", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/show/${member.id}$`));
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
  await expect(page.locator(".ant-descriptions-row", { hasText: "Role" })).toContainText("Manager");
});

test("leaving a form with unsaved changes asks first", async ({ page, login }) => {
  await login("admin");
  const name = unique("Unsaved category");
  const category = await createCategory(page, name);
  await page.goto(`/categories/edit/${category.id}`);
  await page.getByLabel("Name", { exact: true }).fill(`${name} edited`);

  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("menu").getByRole("menuitem", { name: "Orders" }).click();
  await expect.poll(() => asked).toContain("unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/categories/edit/${category.id}$`));
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${name} edited`);
});

test("a save's toast covers none of the buttons an operator clicks next, on a desktop or a phone", async ({ page, login }) => {
  await login("admin");
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const name = unique("Toast category");
    const category = await createCategory(page, name);
    await page.goto(`/categories/edit/${category.id}`);
    await page.getByLabel("Name", { exact: true }).fill(`${name} saved`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: `${name} saved` })).toBeVisible();
    const toast = page.locator(".ant-notification-notice").filter({ hasText: `${name} saved` });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
    // What a pointer at the middle of each of the app header's and the record header's buttons would
    // press: the button itself, not the toast over it.
    const covered = await page.evaluate(`[...document.querySelectorAll("header .ant-btn, .ant-page-header .ant-btn")]
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return !button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      })
      .map((button) => button.textContent || button.getAttribute("aria-label"))`);
    expect(covered, `at ${viewport.width} px`).toEqual([]);
    // Asked while the toast was up.
    await expect(toast).toBeVisible();
  }
});
