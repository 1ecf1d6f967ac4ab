import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Side } from "../../../protocol/bitget";
import { parseDecimal } from "~/lib/numbers/decimal";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { FieldError } from "~/lib/trade/order-form";
import type { Market } from "~/lib/trade/market";
import { FieldNotes } from "~/components/ui/form";

/** An error of the order form in words: its decimals in the reader's number format, with the decimals they were given (a price's "99750.00"). */
export function useErrorText(): (e: FieldError) => string {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const number = (v: string) => {
    const d = parseDecimal(v);
    return d ? formatNumber(v, intl, { minDigits: d.scale, maxDigits: Math.max(8, d.scale) }) : v;
  };
  return (e) => {
    const values = Object.fromEntries(Object.entries(e.values ?? {}).map(([k, v]) => [k, number(v)]));
    return t(`errors.${e.key}`, values);
  };
}

interface DecimalFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error: string | undefined;
  suffix: string;
  hint?: ReactNode;
}

/** A decimal input with its unit beside it and its error below, tied together for screen readers. */
export function DecimalField({ id, label, value, onChange, onBlur, error, suffix, hint }: DecimalFieldProps) {
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="with-suffix">
        <input
          id={id}
          name={id}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <span className="suffix" aria-hidden="true">
          {suffix}
        </span>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** Two or more mutually exclusive choices as pressed/unpressed buttons in a labelled group. */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  className = "",
}: {
  label: string;
  options: ReadonlyArray<{ value: T; text: string; title?: string }>;
  value: T;
  onChange: (v: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={`segmented ${className}`}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`seg seg-${o.value}`}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          title={o.title}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}

/** Buy and sell for the form's side choice, with the keyboard shortcuts in the titles. */
export const sideOptions = (t: TFunction<"trade">): { value: Side; text: string; title: string }[] => [
  { value: "buy", text: t("side.buy"), title: t("spot.keys.buy") },
  { value: "sell", text: t("side.sell"), title: t("spot.keys.sell") },
];

/** The trade units of a limit order's amount as choices: the base coin, or a total in the quote (the book shows sizes the same way). */
export const unitOptions = (market: Market) =>
  (["coin", "quote"] as const).map((u) => ({ value: u, text: u === "coin" ? market.base : market.quote }));
