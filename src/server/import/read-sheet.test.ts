import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_ROWS } from "../../domain/constants";
import { AppError } from "../../domain/errors";
import { readSheet, type Sheet } from "./read-sheet";

const csv = (text: string) => readSheet(Buffer.from(text, "utf8"), "csv");

/** The refusal a whole-file problem gets: VALIDATION_FAILED with the message under `file`. */
async function refusal(body: Buffer | string, kind: "csv" | "xlsx" = "csv"): Promise<string> {
  const error = await readSheet(typeof body === "string" ? Buffer.from(body, "utf8") : body, kind).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  expect(e.code).toBe("VALIDATION_FAILED");
  expect(e.errors?.file).toEqual([e.message]);
  return e.message;
}

function customerCsv(rows: number, eol = "\n"): string {
  const lines = ["Name,Email,Tier,Credit limit,Owner ID"];
  for (let i = 1; i <= rows; i++) lines.push(`Customer ${i},c${i}@example.com,gold,${i}.50,3`);
  return lines.join(eol) + eol;
}

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet("Customers"));
  workbook.addWorksheet("Second").addRow(["not", "read"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("readSheet: CSV", () => {
  it("reads headers (trimmed) and rows, numbered as the file numbers them", async () => {
    const sheet = await csv(" Name , Email \nAda,ada@example.com\n\n,\nBob,bob@example.com\n");
    expect(sheet).toEqual<Sheet>({
      headers: ["Name", "Email"],
      rows: [
        { row: 2, cells: ["Ada", "ada@example.com"] },
        { row: 5, cells: ["Bob", "bob@example.com"] },
      ],
      separator: ",",
    });
  });

  it("accepts a header-only file: no rows", async () => {
    expect(await csv("Name,Email\r\n")).toEqual({ headers: ["Name", "Email"], rows: [], separator: "," });
  });

  it("strips a UTF-8 BOM", async () => {
    const sheet = await readSheet(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Name,Email\nAda,a@x.io\n")]), "csv");
    expect(sheet.headers).toEqual(["Name", "Email"]);
  });

  it("detects ; as the separator, and keeps , inside cells", async () => {
    const sheet = await csv("Nombre;Límite de crédito\nAda, Countess;12,50\n");
    expect(sheet.separator).toBe(";");
    expect(sheet.headers).toEqual(["Nombre", "Límite de crédito"]);
    expect(sheet.rows[0].cells).toEqual(["Ada, Countess", "12,50"]);
  });

  it("reads CRLF line ends and quoted cells with line breaks, quotes and separators, counting a record as one row", async () => {
    const sheet = await csv('Name,Notes\r\n"Ada","line one\r\nline two, with ""quotes"""\r\nBob,plain\r\n');
    expect(sheet.rows).toEqual([
      { row: 2, cells: ["Ada", 'line one\r\nline two, with "quotes"'] },
      { row: 3, cells: ["Bob", "plain"] },
    ]);
  });

  it("pads short rows and cuts cells past the last header", async () => {
    const sheet = await csv("A,B,C\n1\n1,2,3,4\n");
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ["1", "", ""],
      ["1", "2", "3"],
    ]);
  });

  it("keeps formulas as text, never evaluated, and the export's ' guard as written (cells.ts removes it)", async () => {
    const sheet = await csv('Name,Notes\n"=HYPERLINK(""http://x"",""y"")",\'=1+1\n');
    expect(sheet.rows[0].cells).toEqual(['=HYPERLINK("http://x","y")', "'=1+1"]);
  });

  it("takes the first non-empty row as the header", async () => {
    const sheet = await csv("\n\nName\nAda\n");
    expect(sheet.headers).toEqual(["Name"]);
    expect(sheet.rows).toEqual([{ row: 4, cells: ["Ada"] }]);
  });

  it("refuses an empty file, or one of blank lines only", async () => {
    expect(await refusal(Buffer.alloc(0))).toBe("The file is empty");
    expect(await refusal(" \r\n\n")).toBe("The file is empty");
    expect(await refusal(",,\n , \n")).toBe("The file has no header row");
  });

  it("refuses binary files, PNG bytes and non-UTF-8 text", async () => {
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082",
      "hex",
    );
    expect(await refusal(png)).toBe("The file is not a CSV text file");
    expect(await refusal(Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x00, 0x01, 0x02]))).toBe("The file is not a CSV text file");
    expect(await refusal(Buffer.from("Name\nJos\xe9\n", "latin1"))).toMatch(/not UTF-8/);
    expect(await refusal(Buffer.from("\ufeffName\n", "utf16le"))).toMatch(/UTF-16/);
  });

  it("refuses an .xlsx (a zip) sent as CSV", async () => {
    const book = await xlsx((s) => s.addRow(["Name"]));
    expect(await refusal(book)).toMatch(/\.xlsx \(or zip\) file, not a CSV file/);
  });

  it("refuses duplicate headers, whatever their case and spacing, naming them", async () => {
    expect(await refusal("Name,Email, email ,Tier\n")).toBe('The column "email" appears twice in the header row');
    expect(await refusal("Name,name,Tier,TIER\n")).toBe('The columns "name", "TIER" appear twice in the header row');
  });

  it("does not count columns without a header as duplicates, and drops trailing ones", async () => {
    const sheet = await csv("Name,,Email,\nAda,,a@x.io,x\n");
    expect(sheet.headers).toEqual(["Name", "", "Email"]);
    expect(sheet.rows[0].cells).toEqual(["Ada", "", "a@x.io"]);
  });

  it("refuses a quote that is never closed, naming the row", async () => {
    expect(await refusal('Name,Notes\nAda,ok\nBob,"never closed\nCy,x\n')).toBe('Row 3 opens a quote (") that is never closed');
  });

  it(`reads ${IMPORT_MAX_ROWS} rows and refuses ${IMPORT_MAX_ROWS + 1}`, async () => {
    const sheet = await csv(customerCsv(IMPORT_MAX_ROWS, "\r\n"));
    expect(sheet.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(sheet.rows.at(-1)).toEqual({
      row: IMPORT_MAX_ROWS + 1,
      cells: [`Customer ${IMPORT_MAX_ROWS}`, `c${IMPORT_MAX_ROWS}@example.com`, "gold", `${IMPORT_MAX_ROWS}.50`, "3"],
    });
    expect(await refusal(customerCsv(IMPORT_MAX_ROWS + 1))).toBe("The file has more than 10,000 rows; split it into smaller files");
  });

  it("stops reading at the first row past the limit, even when the rest of the file is broken", async () => {
    expect(await refusal(customerCsv(IMPORT_MAX_ROWS + 1) + 'x,"never closed\n')).toMatch(/more than 10,000 rows/);
  });

  it("does not count blank lines towards the limit", async () => {
    expect((await csv(customerCsv(IMPORT_MAX_ROWS) + "\n\n,,,,\n")).rows).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe("readSheet: .xlsx", () => {
  it("reads the first sheet's cells as text: numbers, dates, booleans, formulas, rich text, hyperlinks, errors", async () => {
    const book = await xlsx((s) => {
      s.addRow(["Name ", "Price", "Since", "At", "Active", "Total", "Computed", "Notes", "Link", "Broken"]);
      s.addRow([
        { richText: [{ text: "Ada " }, { font: { bold: true }, text: "Lovelace" }] },
        12.5,
        new Date(Date.UTC(2026, 2, 5)),
        new Date(Date.UTC(2026, 2, 5, 14, 7, 9)),
        true,
        { formula: "B2*2", result: 25 },
        { formula: "B2*3" },
        "=not a formula, a string",
        { text: "Switchboard", hyperlink: "https://example.com" },
        { error: "#N/A" },
      ]);
      s.addRow([]);
      s.addRow(["Bob", 0.1 + 0.2, null, null, false, { formula: "1=1", result: true }]);
    });
    const sheet = await readSheet(book, "xlsx");
    expect(sheet.headers).toEqual(["Name", "Price", "Since", "At", "Active", "Total", "Computed", "Notes", "Link", "Broken"]);
    expect(sheet.separator).toBeUndefined();
    expect(sheet.rows).toEqual([
      {
        row: 2,
        cells: ["Ada Lovelace", "12.5", "2026-03-05", "2026-03-05T14:07:09.000Z", "true", "25", "=B2*3", "=not a formula, a string", "Switchboard", "#N/A"],
      },
      { row: 4, cells: ["Bob", "0.3", "", "", "false", "true", "", "", "", ""] },
    ]);
  });

  it("numbers rows as the sheet does, skipping empty ones", async () => {
    const book = await xlsx((s) => {
      s.getCell("A1").value = " ";
      s.getCell("A2").value = "Name";
      s.getCell("A5").value = "Ada";
      s.getCell("A7").value = "   ";
      s.getCell("A9").value = "Bob";
    });
    expect((await readSheet(book, "xlsx")).rows).toEqual([
      { row: 5, cells: ["Ada"] },
      { row: 9, cells: ["Bob"] },
    ]);
  });

  it("refuses a file that is not a workbook, an empty sheet and duplicate headers", async () => {
    expect(await refusal("Name,Email\nAda,a@x.io\n", "xlsx")).toBe("The file is not a readable .xlsx workbook");
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "xlsx")).toBe("The file is not a readable .xlsx workbook");
    expect(await refusal(await xlsx(() => undefined), "xlsx")).toBe("The sheet has no header row");
    expect(await refusal(await xlsx((s) => s.addRow(["Email", "EMAIL"])), "xlsx")).toBe('The column "EMAIL" appears twice in the header row');
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const rows = (n: number) =>
      xlsx((s) => {
        s.addRow(["Name"]);
        for (let i = 1; i <= n; i++) s.addRow([`Customer ${i}`]);
      });
    expect((await readSheet(await rows(IMPORT_MAX_ROWS), "xlsx")).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(await refusal(await rows(IMPORT_MAX_ROWS + 1), "xlsx")).toMatch(/more than 10,000 rows/);
    // Two workbooks of 10,000 rows written and read: seconds of CPU on a busy 2-core machine (it
    // once passed Vitest's default 5 s there). Nothing waits on time here; only work takes it.
  }, 30_000);
});
