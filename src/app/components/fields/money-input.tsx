import { InputNumber } from "antd";
import { CURRENCY } from "../../../domain/constants";
import { centsToDollars, dollarsToCents } from "../../../domain/format";
import { useLocale } from "../../i18n/use-locale";

interface MoneyInputProps {
  /** Integer cents, as stored and validated. */
  value?: number | null;
  onChange?: (cents: number | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
}

/**
 * Typed in dollars with two decimals, held in the form as integer cents: the form's rule and the
 * server validate the same number, and nothing converts on submit.
 */
export function MoneyInput({ value, onChange, disabled, id, placeholder, style }: MoneyInputProps) {
  const { t, locale } = useLocale();
  // The decimal mark the operator's locale writes ("12,50" in Spanish), and reads back either way.
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  return (
    <InputNumber<number>
      id={id}
      style={{ width: "100%", ...style }}
      prefix="$"
      precision={2}
      step={1}
      // The number pad with a decimal mark, on a phone.
      inputMode="decimal"
      disabled={disabled}
      placeholder={placeholder}
      aria-label={placeholder}
      // The whole app works in one currency (CURRENCY); the title says which.
      title={t("common.amountIn", { currency: CURRENCY })}
      decimalSeparator={decimal}
      value={typeof value === "number" ? centsToDollars(value) : null}
      onChange={(dollars) => onChange?.(typeof dollars === "number" ? dollarsToCents(dollars) : null)}
    />
  );
}
