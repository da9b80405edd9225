import { ImportOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import type { EntityDef } from "../../../domain/fields";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { mayImport } from "../../lib/import";

export const importPath = (def: EntityDef) => `/${def.name}/import`;

/**
 * The list header's way to the import screen, for the lists that take a file and the roles that
 * may create on them. A link (it opens in a new tab too) that moves within the app on a plain click.
 */
export function ImportButton({ def }: { def: EntityDef }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const ability = useAbility();
  if (!mayImport(def, ability)) return null;
  const to = importPath(def);
  return (
    <Button
      icon={<ImportOutlined />}
      href={to}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate(to);
      }}
    >
      {t("import.button")}
    </Button>
  );
}
