import { expect, test } from "./fixtures";

test("buttons follow the policy row by row: only draft orders offer delete", async ({ page, login }) => {
  await login("manager");
  // Drafts and placed orders only, through the list's own URL state.
  await page.goto("/orders?pageSize=50&filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=draft&filters[0][value][1]=placed");
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  let drafts = 0;
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const isDraft = (await row.locator(".ant-tag").allInnerTexts()).includes("Draft");
    drafts += isDraft ? 1 : 0;
    await expect(row.getByRole("button", { name: "delete" })).toHaveCount(isDraft ? 1 : 0);
  }
  // Both kinds on the page, or the check proves nothing.
  expect(drafts).toBeGreaterThan(0);
  expect(count - drafts).toBeGreaterThan(0);
});

test("fields an agent may not see are not shown: no credit limit, no cost, no last sign-in", async ({ page, login }) => {
  await login("agent", "/customers");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Credit limit" })).toHaveCount(0);

  await page.goto("/products");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Price" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Cost" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);

  await page.goto("/staff");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Role" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Last sign-in" })).toHaveCount(0);

  await page.goto("/customers/create");
  await expect(page.getByLabel("Credit limit")).toHaveCount(0);
  // The policy pins a new customer's owner to the agent.
  await expect(page.locator(".ant-select-disabled")).toContainText(/\w+/);
});
