import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FORCES, type Side } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { numberFormat } from "~/lib/i18n/formatters";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import { PERCENTS, type FieldError, type OrderFormState, type TradeUnit } from "~/lib/trade/order-form";
import type { BookPick } from "./order-book";
import { useErrorText } from "./order-fields";
import { useLoginTo } from "./screen-parts";
import type { OrderEntry } from "./use-order-entry";

/**
 * The parts the spot and margin order forms have in common (docs/decisions/020, margin pass):
 * the percent slider and buttons, the time-in-force choice, the form's foot (its error, then the
 * submit button or the guest's way in) and the order's confirmation. The choices' option lists
 * (side, unit) sit beside `Segmented` in order-fields.
 */

/** What the page gives the spot and margin order forms alike. */
export interface OrderFormProps {
  market: Market;
  lastPrice: string | undefined;
  loggedIn: boolean;
  side: Side;
  onSide: (side: Side) => void;
  /** The trade-unit preference, shared with the book. */
  unit: TradeUnit;
  onUnit: (unit: TradeUnit) => void;
  /** The latest click in the book, to copy into the form (`n` tells one click from the next). */
  pick: (BookPick & { n: number }) | undefined;
  /** After an order was accepted (the stream may be down: the page rereads what it shows). */
  onPlaced: () => void;
}

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
  /** The form's state: its busy flag, and the gateway's last refusal, shown here when it belongs to no one field. */
  entry: { busy: boolean; placeError: { field: string; error: FieldError } | undefined };
  loggedIn: boolean;
  side: Side;
  /** The button's words ("Buy BTC"). */
  action: string;
  /** The id of the text saying why the order is refused now: the button is `aria-disabled`, still focusable, described by it. */
  refusedBy?: string | undefined;
}

/** The form's own error, then the submit button, or for a guest the links to log in or register. */
export function OrderFormFoot({ entry: { busy, placeError }, loggedIn, side, action, refusedBy }: FootProps) {
  const { t } = useTranslation("trade");
  const errorText = useErrorText();
  const loginTo = useLoginTo();
  return (
    <>
      {placeError?.field === "form" && (
        <p role="alert" className="notice error">
          {errorText(placeError.error)}
        </p>
      )}
      {loggedIn ? (
        <button
          type="submit"
          className={`button block submit-${side}`}
          disabled={busy}
          aria-busy={busy}
          aria-disabled={refusedBy !== undefined || undefined}
          aria-describedby={refusedBy}
        >
          {action}
        </button>
      ) : (
        <p className="guest-prompt">
          {t("form.guest")} <LocaleLink to={loginTo}>{t("form.login")}</LocaleLink>
          {" · "}
          <LocaleLink to="/register">{t("form.register")}</LocaleLink>
        </p>
      )}
    </>
  );
}

interface ConfirmProps<P> {
  /** The form's state, with the order awaiting confirmation. */
  entry: Pick<OrderEntry<never, P>, "busy" | "cancel" | "skipFromNowOn" | "send"> & { pending: P };
  action: string;
  side: Side;
  /** Whether the trader may opt out of this confirmation from now on. */
  skippable: boolean;
  /** The order's summary. */
  children: ReactNode;
  /** The id of the text saying why confirming is refused now (ConfirmDialog's `refusedBy`). */
  refusedBy?: string | undefined;
}

/** "Buy BTC?": the order's summary to confirm, with "don't ask again" where the order allows it. */
export function OrderConfirm<P>({ entry, action, side, skippable, children, refusedBy }: ConfirmProps<P>) {
  const { t } = useTranslation("trade");
  return (
    <ConfirmDialog
      title={t("spot.confirm.title", { action })}
      confirm={t("spot.confirm.yes", { action })}
      cancel={t("spot.confirm.no")}
      skipLabel={skippable ? t("spot.confirm.skip") : undefined}
      busy={entry.busy}
      tone={`submit-${side}`}
      onCancel={entry.cancel}
      onConfirm={(skip) => {
        if (skip) entry.skipFromNowOn();
        void entry.send(entry.pending);
      }}
      refusedBy={refusedBy}
    >
      {children}
    </ConfirmDialog>
  );
}
