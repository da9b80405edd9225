import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { EntityDef, RelatedList } from "../../domain/fields";
import { formatDate, formatDateTime, formatDateTimeLong, formatMoney, formatNumber } from "../../domain/format";
import { humanize } from "../lib/entity-view";
import { fieldKey, optionKey, relatedLabelKey } from "./definition-keys";
import { DEFAULT_LANGUAGE, intlLocale, toLanguage } from "./language";
import { localizeMessage } from "./server-messages";
import { allFields } from "../../domain/entities";
import { t } from "./index";

/**
 * The chosen language where a component renders: its translate function, Intl formatting in its
 * locale, and the definitions' labels in it. Re-renders the component when the language changes.
 */
export function useLocale() {
  // Subscribed to the language: the component renders again when it changes.
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const locale = intlLocale(language);
  return useMemo(() => {
    return {
      t,
      language,
      locale,
      money: (cents: number | null | undefined) => formatMoney(cents, locale),
      number: (n: number) => formatNumber(n, locale),
      dateTime: (value: string | number | Date) => formatDateTime(value, locale),
      dateTimeLong: (value: string | number | Date) => formatDateTimeLong(value, locale),
      date: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => formatDate(value, locale, options),
      /** A domain field message (a client rule's or the server's) in this language. */
      message: (text: string) => localizeMessage(text, t, locale),
      entityLabel: (def: EntityDef) => t(`entities.${def.name}.label`, { defaultValue: def.label }),
      singular: (def: EntityDef) => t(`entities.${def.name}.singular`, { defaultValue: def.singular }),
      fieldLabel: (def: EntityDef, name: string) => t(`${fieldKey(def.name, name)}.label`, { defaultValue: allFields(def)[name]?.label ?? humanize(name) }),
      fieldHelp: (def: EntityDef, name: string) => {
        const help = def.fields[name]?.help;
        return help ? t(`${fieldKey(def.name, name)}.help`, { defaultValue: help }) : undefined;
      },
      option: (def: EntityDef, name: string, value: string) => t(optionKey(def.name, name, value), { defaultValue: humanize(value) }),
      relatedLabel: (def: EntityDef, related: RelatedList) => t(relatedLabelKey(def.name, related), { defaultValue: related.label }),
    };
  }, [language, locale]);
}

export type Locale = ReturnType<typeof useLocale>;
