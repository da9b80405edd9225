import { ExportButton } from "@refinedev/antd";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { App } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { useCsvExport } from "../../hooks/use-csv-export";
import type { AppHttpError } from "../../providers/http-client";

/** Refine's ExportButton, downloading the list's current filter and sort as CSV (every page, readable fields only). */
export function ExportCsvButton({ def, filters, sorters }: { def: EntityDef; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { notification } = App.useApp();
  const { exporting, run } = useCsvExport(def, filters, sorters);
  return (
    <ExportButton
      loading={exporting}
      onClick={() =>
        run().catch((e: AppHttpError) => notification.error({ key: `${def.name}-export`, message: "Export failed", description: e?.message ?? "Unexpected error" }))
      }
    >
      Export CSV
    </ExportButton>
  );
}
