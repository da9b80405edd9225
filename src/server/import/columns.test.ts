import { describe, expect, it } from "vitest";
import { categories, customers, orders, products, staff } from "../../domain/entities";
import { AppError } from "../../domain/errors";
import { matchColumns } from "./columns";

const fieldsOf = (m: ReturnType<typeof matchColumns>) => m.columns.map((c) => c.field);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("VALIDATION_FAILED");
    return e as AppError;
  }
  throw new Error("expected a refusal");
}

describe("matchColumns from headers", () => {
  it("matches field names, English labels and id, ignoring case, accents, spacing, _ and -", () => {
    const m = matchColumns(customers, ["ID", "name", "E-MAIL", "  Credit   limit ", "credit_limit_x", "creditLimit", "Tier"]);
    expect(fieldsOf(m)).toEqual(["id", "name", "email", "creditLimit", null, null, "tier"]);
    expect(m.ignored).toEqual([
      { header: "credit_limit_x", reason: "Not a field of customers" },
      { header: "creditLimit", reason: "Also in column   Credit   limit " },
    ]);
  });

  it("matches Spanish labels, with or without accents", () => {
    const m = matchColumns(customers, ["Nombre", "Correo electrónico", "Teléfono", "EMPRESA", "nivel", "Limite de credito", "Propietario", "Notas"]);
    expect(fieldsOf(m)).toEqual(["name", "email", "phone", "company", "tier", "creditLimit", "ownerId", "notes"]);
    expect(m.ignored).toEqual([]);
    expect(fieldsOf(matchColumns(products, ["SKU", "Categoría", "Precio", "Coste", "Existencias", "Estado", "Descripción"]))).toEqual([
      "sku",
      "categoryId",
      "price",
      "cost",
      "stock",
      "status",
      "description",
    ]);
  });

  it("reads our CSV export's headers: the reference's ID column wins over its label column, wherever it stands", () => {
    const exported = ["ID", "Name", "Email", "Phone", "Company", "Tier", "Credit limit", "Owner ID", "Owner", "Notes", "Created", "Updated", "Version"];
    const m = matchColumns(customers, exported);
    expect(fieldsOf(m)).toEqual(["id", "name", "email", "phone", "company", "tier", "creditLimit", "ownerId", null, "notes", null, null, null]);
    expect(m.ignored).toEqual([
      { header: "Owner", reason: "Also in column Owner ID" },
      { header: "Created", reason: "Set by the server" },
      { header: "Updated", reason: "Set by the server" },
      { header: "Version", reason: "Set by the server" },
    ]);
    const labelFirst = matchColumns(products, ["Category", "Category ID"]);
    expect(fieldsOf(labelFirst)).toEqual([null, "categoryId"]);
    expect(labelFirst.ignored).toEqual([{ header: "Category", reason: "Also in column Category ID" }]);
  });

  it("takes Spanish id headers of a reference, and the field's name, as its id column", () => {
    for (const header of ["ID de propietario", "ID del propietario", "Propietario ID", "ownerId", "owner_id"]) {
      const m = matchColumns(customers, ["Propietario", header]);
      expect(fieldsOf(m)).toEqual([null, "ownerId"]);
      expect(m.ignored).toEqual([{ header: "Propietario", reason: `Also in column ${header}` }]);
    }
    expect(fieldsOf(matchColumns(products, ["ID de categoría"]))).toEqual(["categoryId"]);
  });

  it("keeps the first of two columns naming the same field", () => {
    const m = matchColumns(categories, ["Name", "Nombre", "Descripción", "description"]);
    expect(fieldsOf(m)).toEqual(["name", null, "description", null]);
    expect(m.ignored).toEqual([
      { header: "Nombre", reason: "Also in column Name" },
      { header: "description", reason: "Also in column Descripción" },
    ]);
  });

  it("ignores server-managed fields (Spanish too), fields that do not fit a cell, and columns without a header", () => {
    const m = matchColumns(orders, ["Creado", "Actualizado", "Versión", "createdAt", "Number", "Items", "Total", "Customer", ""]);
    expect(m.columns.map((c) => c.field)).toEqual([null, null, null, null, null, null, null, "customerId", null]);
    expect(m.ignored.map((i) => i.reason)).toEqual([
      "Set by the server",
      "Set by the server",
      "Set by the server",
      "Set by the server",
      "Set by the server",
      "Cannot be imported",
      "Set by the server",
      "Column without a header",
    ]);
    expect(matchColumns(staff, ["Password", "Contraseña", "Last sign-in"]).ignored.map((i) => i.reason)).toEqual([
      "Cannot be imported",
      "Cannot be imported",
      "Set by the server",
    ]);
  });

  it("names the resource of an unknown header", () => {
    expect(matchColumns(products, ["Colour"]).ignored).toEqual([{ header: "Colour", reason: "Not a field of products" }]);
  });
});

describe("matchColumns as the importer chose", () => {
  const headers = ["Nom", "Courriel", "Colour", "Propriétaire"];

  it("takes one entry per column: a field name, or null/empty to leave it out", () => {
    const m = matchColumns(customers, headers, ["name", "email", "", "ownerId"]);
    expect(m.columns).toEqual([
      { header: "Nom", field: "name" },
      { header: "Courriel", field: "email" },
      { header: "Colour", field: null },
      { header: "Propriétaire", field: "ownerId" },
    ]);
    expect(m.ignored).toEqual([{ header: "Colour", reason: "Left out" }]);
    expect(fieldsOf(matchColumns(customers, headers, [null, "id", null, " tier "]))).toEqual([null, "id", null, "tier"]);
  });

  it("refuses a field that does not exist, one set by the server, one named twice, and a list of the wrong length", () => {
    const e = refusal(() => matchColumns(customers, headers, ["colour", "createdAt", "email", "email"]));
    expect(e.errors?.columns).toEqual([
      'Customer has no field "colour"',
      '"createdAt" is set by the server',
      '"email" is chosen for two columns: Colour and Propriétaire',
    ]);
    expect(e.message).toBe('Customer has no field "colour"');
    expect(refusal(() => matchColumns(customers, headers, ["name", "email"])).errors?.columns).toEqual([
      "Give one entry per column of the file: it has 4, the list has 2",
    ]);
    expect(refusal(() => matchColumns(orders, ["a"], ["items"])).errors?.columns).toEqual(['"items" cannot be imported']);
  });
});
