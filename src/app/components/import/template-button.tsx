import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { download } from "../../hooks/use-csv-export";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { templateCsv, templateFields } from "../../lib/import";

/** A CSV holding only the header line: the fields this role may fill in, in the reader's language. Made here, no request. */
export function TemplateButton({ def }: { def: EntityDef }) {
  const { t, fieldLabel } = useLocale();
  const ability = useAbility();
  return (
    <Button
      icon={<DownloadOutlined />}
      onClick={() => download(`${def.name}-template.csv`, templateCsv(templateFields(def, ability).map(([name]) => fieldLabel(def, name))))}
    >
      {t("import.template")}
    </Button>
  );
}
