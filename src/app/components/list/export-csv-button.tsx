import { ExportButton } from "@refinedev/antd";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { App } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import { useCsvExport } from "../../hooks/use-csv-export";
import type { AppHttpError } from "../../providers/http-client";

/** Refine's ExportButton, downloading the list's current filter and sort as CSV (every page, readable fields only). */
export function ExportCsvButton({ def, filters, sorters }: { def: EntityDef; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { notification } = App.useApp();
  const { t } = useLocale();
  const { exporting, run } = useCsvExport(def, filters, sorters);
  return (
    <ExportButton
      loading={exporting}
      onClick={() =>
        run().catch((e: AppHttpError) =>
          notification.error({ key: `${def.name}-export`, message: t("list.exportFailed"), description: e?.message ?? t("errors.unexpected") }),
        )
      }
    >
      {t("list.exportCsv")}
    </ExportButton>
  );
}
