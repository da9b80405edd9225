import { GlobalOutlined } from "@ant-design/icons";
import { useSetLocale } from "@refinedev/core";
import { Select } from "antd";
import { LANGUAGES } from "./language";
import { useLocale } from "./use-locale";

/**
 * The header's language control. Each language is named in itself, and the control's name
 * keeps the English word beside the translation, so whoever cannot read the current language
 * still finds it.
 */
export function LanguageSwitch() {
  const { t, language } = useLocale();
  const setLocale = useSetLocale();
  return (
    <Select
      aria-label={t("language.label")}
      value={language}
      onChange={(language: string) => void setLocale(language)}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      variant="borderless"
      options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`language.${l}`)}</span> }))}
    />
  );
}
