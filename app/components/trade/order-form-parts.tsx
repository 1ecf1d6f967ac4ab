import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FORCES, type Side } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { numberFormat } from "~/lib/i18n/formatters";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { PERCENTS, type FieldError, type OrderFormState } from "~/lib/trade/order-form";
import { useErrorText } from "./order-fields";

/**
 * The parts the spot and margin order forms have in common (docs/decisions/020, margin pass):
 * the percent slider and buttons, the time-in-force choice, the form's foot (its error, then the
 * submit button or the guest's way in) and the order's confirmation.
 */

/** The slider and the quick percentages of the spendable amount. */
export function PercentControls({ slider, onPercent }: { slider: number; onPercent: (p: number) => void }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const pct = (p: number) => numberFormat(intl, { style: "percent" }).format(p / 100);
  return (
    <div className="percent-controls">
      <input
        type="range"
        className="percent-slider"
        min={0}
        max={100}
        step={1}
        value={slider}
        aria-label={t("spot.form.slider")}
        aria-valuetext={pct(slider)}
        onChange={(e) => onPercent(Number(e.target.value))}
      />
      <div role="group" aria-label={t("form.percentGroup")} className="percents">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className="button small"
            onClick={() => onPercent(p)}
            aria-label={t("form.percentOf", { percent: p })}
            aria-pressed={slider === p}
          >
            {pct(p)}
          </button>
        ))}
      </div>
    </div>
  );
}

type Force = OrderFormState["force"];

/** A limit order's time in force. */
export function ForceField({ value, onChange }: { value: Force; onChange: (f: Force) => void }) {
  const { t } = useTranslation("trade");
  return (
    <div className="field">
      <label htmlFor="order-force">{t("form.tif")}</label>
      <select id="order-force" value={value} onChange={(e) => onChange(e.target.value as Force)}>
        {FORCES.map((f) => (
          <option key={f} value={f}>
            {t(`form.tifs.${f}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FootProps {
  /** The gateway's refusal that belongs to no one field. */
  formError: FieldError | undefined;
  loggedIn: boolean;
  busy: boolean;
  side: Side;
  /** The button's words ("Buy BTC"). */
  action: string;
}

/** The form's own error, then the submit button, or for a guest the links to log in or register. */
export function OrderFormFoot({ formError, loggedIn, busy, side, action }: FootProps) {
  const { t } = useTranslation("trade");
  const errorText = useErrorText();
  const { pathname, search } = useLocation();
  return (
    <>
      {formError && (
        <p role="alert" className="notice error">
          {errorText(formError)}
        </p>
      )}
      {loggedIn ? (
        <button type="submit" className={`button block submit-${side}`} disabled={busy} aria-busy={busy}>
          {action}
        </button>
      ) : (
        <p className="guest-prompt">
          {t("form.guest")} <LocaleLink to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}>{t("form.login")}</LocaleLink>
          {" · "}
          <LocaleLink to="/register">{t("form.register")}</LocaleLink>
        </p>
      )}
    </>
  );
}

interface ConfirmProps {
  action: string;
  side: Side;
  busy: boolean;
  /** Whether the trader may opt out of this confirmation from now on. */
  skippable: boolean;
  onCancel: () => void;
  /** The trader ticked "don't ask again" (the form keeps that preference: it reads it). */
  onSkip: () => void;
  onConfirm: () => void;
  /** The order's summary. */
  children: ReactNode;
}

/** "Buy BTC?": the order's summary to confirm, with "don't ask again" where the order allows it. */
export function OrderConfirm({ action, side, busy, skippable, onCancel, onSkip, onConfirm, children }: ConfirmProps) {
  const { t } = useTranslation("trade");
  return (
    <ConfirmDialog
      title={t("spot.confirm.title", { action })}
      confirm={t("spot.confirm.yes", { action })}
      cancel={t("spot.confirm.no")}
      skipLabel={skippable ? t("spot.confirm.skip") : undefined}
      busy={busy}
      tone={`submit-${side}`}
      onCancel={onCancel}
      onConfirm={(skip) => {
        if (skip) onSkip();
        onConfirm();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
