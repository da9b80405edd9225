import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";
import { useState } from "react";
import { MAX_PAGE_ROWS } from "../../domain/constants";
import { getEntity } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import { csvColumns, toCsv, type ReferenceLabels } from "../lib/csv";
import { showFields } from "../lib/entity-view";
import { useAbility } from "./use-session";

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export function download(filename: string, text: string) {
  // The BOM makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every row of the current filter and sort as CSV, paged in through the data provider at the
 * largest page the API allows (no row cap), reference labels fetched in batches of the same size.
 * Refine's useExport is not used: it stops only when the rows it has equal the total, so a row
 * deleted while it pages keeps it asking for empty pages forever, and it takes its CSV columns
 * from the first row's keys, which drops optional fields that row lacks.
 */
export function useCsvExport(def: EntityDef, filters: CrudFilter[], sorters: CrudSort[]) {
  const ability = useAbility();
  const getProvider = useDataProvider();
  const [exporting, setExporting] = useState(false);

  const run = async (): Promise<number> => {
    setExporting(true);
    try {
      const { getList, getMany } = getProvider();
      const rows: BaseRecord[] = [];
      for (let page = 1; ; page++) {
        const { data, total } = await getList({
          resource: def.name,
          filters,
          sorters,
          pagination: { currentPage: page, pageSize: MAX_PAGE_ROWS, mode: "server" },
        });
        rows.push(...data);
        if (data.length < MAX_PAGE_ROWS || rows.length >= total) break;
      }
      // Every field the role may read (and none it may not), not only the list's columns:
      // an export is read outside the app.
      const fields = showFields(def, ability);
      const labels: ReferenceLabels = {};
      for (const [name, field] of fields) {
        if (field.type !== "reference" || !field.reference || !getMany) continue;
        const target = getEntity(field.reference);
        const ids = [...new Set(rows.map((r) => r[name]).filter((v): v is number => typeof v === "number"))];
        const map = new Map<number, string>();
        for (const batch of chunks(ids, MAX_PAGE_ROWS)) {
          const { data } = await getMany({ resource: target.name, ids: batch });
          for (const r of data) map.set(Number(r.id), String(r[target.recordLabel] ?? ""));
        }
        labels[name] = map;
      }
      const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
      download(`${def.name}-${stamp}.csv`, toCsv(csvColumns(fields, labels), rows));
      return rows.length;
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
