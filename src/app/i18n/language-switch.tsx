import { GlobalOutlined } from "@ant-design/icons";
import { useSetLocale } from "@refinedev/core";
import { App, Select } from "antd";
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
  const { message } = App.useApp();
  // A language other than English is a file fetched on the first switch: if it cannot be, the
  // page stays in its language and says why.
  const choose = (chosen: string) => {
    Promise.resolve(setLocale(chosen)).catch(() => void message.error(t("errors.network")));
  };
  return (
    <Select
      aria-label={t("language.label")}
      value={language}
      onChange={choose}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      variant="borderless"
      options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`language.${l}`)}</span> }))}
    />
  );
}
