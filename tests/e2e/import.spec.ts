/** Importing a spreadsheet into a list: template → file → columns → preview → import → summary. */
import { readFileSync, writeFileSync } from "node:fs";
import type { FileChooser, Page, TestInfo } from "@playwright/test";
import { ACCOUNTS, expect, expectNoSidewaysScroll, parseCsv, seriousViolations, test, unique } from "./fixtures";

const CUSTOMER_TEMPLATE = ["Name", "Email", "Phone", "Company", "Tier", "Credit limit", "Owner", "Notes"];

/** Press "Download template" and read the file the browser downloads. */
async function downloadTemplate(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download template" }).click()]);
  expect(download.suggestedFilename()).toBe("customers-template.csv");
  return parseCsv(readFileSync(await download.path(), "utf8"));
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV file under the test's output folder: the header, then one line per row (cells by header). */
function writeCsv(testInfo: TestInfo, header: string[], rows: Record<string, string>[]): string {
  const path = testInfo.outputPath("customers.csv");
  const lines = [header, ...rows.map((row) => header.map((h) => row[h] ?? ""))].map((cells) => cells.map(csvCell).join(","));
  writeFileSync(path, `${lines.join("\r\n")}\r\n`);
  return path;
}

/** Three new customers (unique emails) and a fourth row whose email is no email. */
function customerRows() {
  const tag = unique("imp").split(" ")[1];
  const good = [1, 2, 3].map((i) => ({
    Name: `Imported ${tag} ${i}`,
    Email: `imported-${tag}-${i}@example.com`,
    Tier: "Gold",
    "Credit limit": "1500.00",
    Owner: ACCOUNTS.manager,
  }));
  const bad = { Name: `Imported ${tag} bad`, Email: "not-an-email", Tier: "Standard", "Credit limit": "10", Owner: ACCOUNTS.manager };
  return { good, bad };
}

const importPage = (page: Page) => page.getByRole("heading", { name: "Import customers" });
const previewTable = (page: Page) => page.getByRole("table", { name: /^Rows of the file/ });

test("a manager imports customers from the template, skipping the row in error", async ({ page, login }, testInfo) => {
  // A whole journey with two accessibility scans: longer than one page's work on a busy 2-core machine.
  test.slow();
  await login("manager", "/customers");
  await page.getByRole("link", { name: "Import" }).click();
  await expect(importPage(page)).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/import$/);

  // The template is the header line alone: the fields a manager fills in, in English.
  const template = await downloadTemplate(page);
  expect(template).toEqual([CUSTOMER_TEMPLATE]);

  const { good, bad } = customerRows();
  await page.locator('input[type="file"]').setInputFiles(writeCsv(testInfo, template[0], [...good, bad]));

  // Columns: each header of the template found its field.
  const columns = page.getByRole("table", { name: "Columns matched" });
  await expect(columns.getByRole("combobox", { name: "Field for the column Email" })).toBeVisible();
  await expect(columns.locator(".ant-table-row").filter({ hasText: "Credit limit" })).toContainText("Credit limit");
  await page.getByRole("button", { name: "Show the preview" }).click();

  // Preview: three to create, the fourth (spreadsheet row 5) in error, and why.
  await expect(page.getByText("3 rows to create")).toBeVisible();
  await expect(page.getByText("1 row with errors")).toBeVisible();
  const table = previewTable(page);
  const badRow = table.locator(".ant-table-row").filter({ hasText: "Error" });
  await expect(badRow).toHaveCount(1);
  await expect(badRow).toContainText("5");
  await expect(badRow).toContainText(/Email: .*email/i);
  await expect(table.locator(".ant-table-row").filter({ hasText: good[0].Email })).toContainText("Create");

  // Only the rows with errors, then all again.
  await page.getByRole("switch", { name: "Only rows with errors" }).click();
  await expect(table.locator(".ant-table-row")).toHaveCount(1);
  await page.getByRole("switch", { name: "Only rows with errors" }).click();
  await expect(table.locator(".ant-table-row")).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing is imported while a row is in error, unless those rows are skipped.
  const importButton = page.getByRole("button", { name: "Import 3 rows" });
  await expect(importButton).toBeDisabled();
  await page.getByRole("checkbox", { name: "Skip rows with errors" }).check();
  await importButton.click();

  await expect(page.getByText("Import finished")).toBeVisible();
  await expect(page.getByText("3 rows created")).toBeVisible();
  await expect(page.getByText("1 row skipped")).toBeVisible();
  const audit = page.getByRole("link", { name: "See these changes in the audit log" });
  await expect(audit).toHaveAttribute("href", /\/audit-events\?filters\[0\]\[field\]=importId&filters\[0\]\[operator\]=eq&filters\[0\]\[value\]=[^&]+/);
  expect(await seriousViolations(page)).toEqual([]);

  // The audit log lists what this import wrote: the three creates.
  await audit.click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.locator(".ant-table-row")).toHaveCount(3);

  // The new customers are in the list.
  await page.goto("/customers");
  await page.getByRole("searchbox", { name: "Search" }).fill(good[1].Email);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page.locator(".ant-table-row").filter({ hasText: good[1].Name })).toBeVisible();
});

test("an auditor has no import: no button on the list, a 403 at its address", async ({ page, login }) => {
  await login("auditor", "/customers");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Import" })).toHaveCount(0);
  await page.goto("/customers/import");
  await expect(page.getByText("Your role does not give you access to this page.")).toBeVisible();
  await expect(importPage(page)).toHaveCount(0);
});

test.describe("on a phone, in the dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: "dark" });

  test("the file is picked by keyboard, a wrong file is refused in words, the preview fits the screen", async ({ page, login }, testInfo) => {
    test.slow();
    // Signed in on the dashboard first: opened as the tab's very first page, the drop zone's Enter
    // once went unanswered in CI (twice in five runs; cause not found yet).
    await login("manager");
    await page.goto("/customers/import");
    await expect(importPage(page)).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Every file picker the page opens, from here on. Playwright catches a picker only while some
    // listener waits for one; one listener per pick turned that off and on again between picks,
    // and an Enter that raced it opened a picker nobody caught (once in CI, on the second pick).
    const choosers: FileChooser[] = [];
    page.on("filechooser", (opened) => choosers.push(opened));
    const pickerOpened = async () => {
      await expect.poll(() => choosers.length).toBeGreaterThan(0);
      return choosers.shift()!;
    };

    // The drop zone is a button: Enter opens the file picker.
    const dropZone = page.getByRole("button", { name: /Click or drag a CSV or Excel file here/ });
    await dropZone.focus();
    await page.keyboard.press("Enter");
    const notCsv = await pickerOpened();
    const pdf = testInfo.outputPath("notes.pdf");
    writeFileSync(pdf, "%PDF-1.4");
    await notCsv.setFiles(pdf);
    await expect(page.getByRole("alert")).toContainText("notes.pdf is not a CSV or Excel (.xlsx) file.");

    const { good, bad } = customerRows();
    await expect(dropZone).toBeFocused();
    await page.keyboard.press("Enter");
    const chooser = await pickerOpened();
    await chooser.setFiles(writeCsv(testInfo, CUSTOMER_TEMPLATE, [...good, bad]));
    await expect(page.getByRole("table", { name: "Columns matched" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // A column sent elsewhere by keyboard: Notes, the last field, goes round to "Ignore this column"; the file is checked again.
    await page.getByRole("combobox", { name: "Field for the column Notes" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(1);
    // As a person does, looking at the highlight: the list opens on the chosen field, and a key
    // pressed before it got there (once in CI) moved from the first option instead.
    const active = page.locator(".ant-select-dropdown:visible .ant-select-item-option-active");
    await expect(active).toHaveText("Notes");
    await page.keyboard.press("ArrowDown");
    await expect(active).toHaveText("Ignore this column");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Ignored: its values are not imported.")).toBeVisible();

    await page.getByRole("button", { name: "Show the preview" }).click();
    await expect(page.getByText("3 rows to create")).toBeVisible();
    await expect(previewTable(page).locator(".ant-table-row")).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
