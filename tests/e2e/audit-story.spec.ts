/**
 * Issue 20: the audit log reads like a story. Records by their label (SO-000601, not 601),
 * transitions as "Placed → Paid", a product's stock change linked to the order that made it,
 * names instead of numbers in a record's History, and the address tried only on failed sign-ins.
 */
import { listUrl, recordHistoryUrl } from "../../src/app/lib/list-url";
import { expect, managerApi, orderOfOwn, test } from "./fixtures";

test("the log names records, says each step, and links a stock change to its order", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const { product, order } = await orderOfOwn(api, ["placed", "paid"]);
  await api.dispose();

  await login("auditor", recordHistoryUrl("orders", order.id));
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(3);
  // The order by its number in every row, never by its id.
  for (const row of await rows.all()) await expect(row.getByRole("cell", { name: order.number, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: String(order.id), exact: true })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Draft → Placed" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Placed → Paid" })).toHaveCount(1);
  // No sign-in was tried here: no column for the address tried.
  await expect(page.locator("thead th").filter({ hasText: "Email tried" })).toHaveCount(0);

  // The stock the order took, on the product's side, says which order took it.
  await page.goto(recordHistoryUrl("products", product.id));
  const stock = rows.filter({ hasText: `By order ${order.number}` });
  await expect(stock).toHaveCount(1);
  await expect(stock).toContainText(product.name);
  await stock.locator("a.sb-record-link").click();
  await expect(page).toHaveURL(/\/audit-events\/show\/\d+$/);
  const details = page.locator(".ant-descriptions");
  await expect(details.getByRole("row", { name: /^Order/ })).toContainText(order.number);
  await details
    .getByRole("row", { name: /^Order/ })
    .getByRole("link", { name: order.number })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/show/${order.id}$`));

  // The product's own History says the same, by the order's number.
  await page.goto(`/products/show/${product.id}`);
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: order.number })).toBeVisible();

  // Failed sign-ins are the events with an address tried: there the column is.
  await page.goto(listUrl("audit-events", [{ field: "action", operator: "in", value: ["login_failed"] }]));
  await expect(page.locator("thead th").filter({ hasText: "Email tried" })).toBeVisible();
});

test("a record's History names people and records, not their numbers", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const { me, customer, order } = await orderOfOwn(api, ["placed", "paid"]);
  await api.dispose();

  await login("manager", `/orders/show/${order.id}`);
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("tabpanel", { name: "History" });
  await expect(history.getByText("Placed → Paid")).toBeVisible();
  const created = history.locator(".ant-list-item").filter({ hasText: "Create" });
  await expect(created.getByRole("row", { name: /^Customer/ })).toContainText(customer.name);
  await expect(created.getByRole("row", { name: /^Assignee/ })).toContainText(me.name);
  await expect(history).not.toContainText(`#${customer.id}`);
  await expect(history).not.toContainText(`#${me.id}`);
});
