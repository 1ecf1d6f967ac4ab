import { useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FORCES, V2 } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { showToast } from "~/lib/toast";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber } from "~/lib/i18n/format";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import type { Market } from "~/lib/trade/market";
import { placeErrorOf } from "~/lib/trade/order-errors";
import {
  buildOrder,
  normalizeField,
  PERCENTS,
  quantityForPercent,
  quantityUnit,
  summarize,
  validate,
  type FieldError,
  type OrderContext,
  type OrderField,
  type OrderFormState,
} from "~/lib/trade/order-form";
import { DecimalField, Segmented, useErrorText } from "./order-fields";

const FIELDS: readonly OrderField[] = ["price", "quantity", "takeProfit", "stopLoss"];
const newClientOid = () => `web-${globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

interface Props {
  market: Market;
  lastPrice: string | undefined;
  /** Available balances of the pair's coins; undefined for a guest or before they load. */
  available: { base: Decimal; quote: Decimal } | undefined;
  loggedIn: boolean;
  /** After an order was accepted (the stream may be down: the page rereads what it shows). */
  onPlaced: () => void;
}

/** Buy or sell: limit or market, sized in coin or quote, checked field by field before it is sent. */
export function OrderPanel({ market, lastPrice, available, loggedIn, onPlaced }: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const errorText = useErrorText();
  const { pathname, search } = useLocation();
  const [unit, setUnit] = useLocalPref("tradeUnit");
  const [form, setForm] = useState<Omit<OrderFormState, "unit">>({
    side: "buy",
    type: "limit",
    force: "gtc",
    price: lastPrice ?? "",
    quantity: "",
    takeProfit: "",
    stopLoss: "",
  });
  const [touched, setTouched] = useState<ReadonlySet<OrderField>>(new Set());
  const [tpsl, setTpsl] = useState(false);
  const [busy, setBusy] = useState(false);
  const [placeError, setPlaceError] = useState<{ field: OrderField | "form"; error: FieldError } | undefined>();
  const state: OrderFormState = { ...form, unit, ...(tpsl ? {} : { takeProfit: "", stopLoss: "" }) };
  const last = lastPrice ? parseDecimal(lastPrice) : undefined;
  const ctx: OrderContext = { market, ...(available ? { available } : {}), ...(last ? { lastPrice: last } : {}) };
  const errors = validate(state, ctx);
  const summary = summarize(state, ctx);
  const qUnit = quantityUnit(state);
  const qCoin = qUnit === "base" ? market.base : market.quote;
  const shown = (f: OrderField) => {
    if (placeError?.field === f) return errorText(placeError.error);
    const e = touched.has(f) ? errors[f] : undefined;
    return e ? errorText(e) : undefined;
  };
  const set = (patch: Partial<OrderFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPlaceError(undefined);
  };
  const blur = (f: OrderField) => {
    setForm((cur) => ({ ...cur, [f]: normalizeField(f, { ...cur, unit }, market) }));
    setTouched((s) => new Set(s).add(f));
  };
  /** The decimal input of one order field, tied to its value, its error and its normalising on blur. */
  const decimalField = (f: OrderField, label: string, suffix = market.quote) => ({
    id: `order-${f}`,
    label,
    suffix,
    value: form[f],
    error: shown(f),
    onChange: (v: string) => set({ [f]: v }),
    onBlur: () => blur(f),
  });
  const percent = (pct: (typeof PERCENTS)[number]) => {
    const q = quantityForPercent(state, ctx, pct);
    if (q === "needsPrice") {
      setTouched((s) => new Set(s).add("price"));
      setPlaceError({ field: "price", error: { key: "needsPrice" } });
    } else if (q !== undefined) set({ quantity: q });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const built = buildOrder(state, ctx, newClientOid());
    if (!built.ok) {
      setTouched(new Set(FIELDS));
      const first = FIELDS.find((f) => built.errors[f]);
      if (first) document.getElementById(`order-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setPlaceError(undefined);
    try {
      await browserHttp().post(V2.placeOrder, built.body);
      showToast(t("form.placed"));
      setForm((f) => ({ ...f, quantity: "", takeProfit: "", stopLoss: "" }));
      setTouched(new Set());
      onPlaced();
    } catch (err) {
      const pe = placeErrorOf(err);
      setPlaceError(pe);
      if (pe.field !== "form") document.getElementById(`order-${pe.field}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const fmt = (d: Decimal | undefined, digits: number) => (d ? formatNumber(toText(d), intl, { maxDigits: digits }) : "—");
  const spendCoin = state.side === "buy" ? market.quote : market.base;
  const spendAvailable = available ? (state.side === "buy" ? available.quote : available.base) : undefined;
  const coinLabel = (u: "coin" | "quote") => (u === "coin" ? market.base : market.quote);

  return (
    <section className="card order-panel" aria-labelledby="order-title" data-side={state.side}>
      <h2 id="order-title">{t("form.title")}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Segmented
          label={t("form.side")}
          value={state.side}
          onChange={(side) => set({ side })}
          className="sides"
          options={[
            { value: "buy", text: t("side.buy") },
            { value: "sell", text: t("side.sell") },
          ]}
        />
        <Segmented
          label={t("form.orderType")}
          value={state.type}
          onChange={(type) => set({ type })}
          options={[
            { value: "limit", text: t("form.limit") },
            { value: "market", text: t("form.market") },
          ]}
        />
        {state.type === "limit" ? (
          <DecimalField {...decimalField("price", t("form.price"))} />
        ) : (
          <p className="market-note">{t("form.marketNote")}</p>
        )}
        {state.type === "limit" && (
          <Segmented
            label={t("form.unit")}
            value={unit}
            onChange={setUnit}
            className="small"
            options={(["coin", "quote"] as const).map((u) => ({ value: u, text: coinLabel(u) }))}
          />
        )}
        <DecimalField
          {...decimalField("quantity", qUnit === "base" ? t("form.amount") : t("form.total"), qCoin)}
          hint={
            loggedIn && (
              <>
                {t("form.available")}: <span data-testid="available">{fmt(spendAvailable, 8)}</span> {spendCoin}
              </>
            )
          }
        />
        {loggedIn && (
          <div role="group" aria-label={t("form.percentGroup")} className="percents">
            {PERCENTS.map((p) => (
              <button
                key={p}
                type="button"
                className="button small"
                onClick={() => percent(p)}
                aria-label={t("form.percentOf", { percent: p })}
              >
                {new Intl.NumberFormat(intl, { style: "percent" }).format(p / 100)}
              </button>
            ))}
          </div>
        )}
        <dl className="order-summary">
          <dt>{state.type === "market" ? t("form.estimatedValue") : t("form.orderValue")}</dt>
          <dd data-testid="order-value">
            {fmt(summary.total, market.quotePrecision)} {market.quote}
          </dd>
          {(summary.size || summary.estimatedSize) && qUnit === "quote" && (
            <>
              <dt>{t("form.estimatedSize")}</dt>
              <dd>
                {fmt(summary.size ?? summary.estimatedSize, market.quantityPrecision)} {market.base}
              </dd>
            </>
          )}
        </dl>
        {state.type === "limit" && (
          <div className="field">
            <label htmlFor="order-force">{t("form.tif")}</label>
            <select id="order-force" value={form.force} onChange={(e) => set({ force: e.target.value as OrderFormState["force"] })}>
              {FORCES.map((f) => (
                <option key={f} value={f}>
                  {t(`form.tifs.${f}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="choice tpsl-toggle">
          <input type="checkbox" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} /> {t("form.tpsl")}
        </label>
        {tpsl && (
          <div className="tpsl-fields">
            <DecimalField {...decimalField("takeProfit", t("form.takeProfit"))} />
            <DecimalField {...decimalField("stopLoss", t("form.stopLoss"))} />
          </div>
        )}
        {placeError?.field === "form" && (
          <p role="alert" className="notice error">
            {errorText(placeError.error)}
          </p>
        )}
        {loggedIn ? (
          <button type="submit" className={`button block submit-${state.side}`} disabled={busy} aria-busy={busy}>
            {t(state.side === "buy" ? "form.buyCoin" : "form.sellCoin", { coin: market.base })}
          </button>
        ) : (
          <p className="guest-prompt">
            {t("form.guest")} <LocaleLink to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}>{t("form.login")}</LocaleLink>
            {" · "}
            <LocaleLink to="/register">{t("form.register")}</LocaleLink>
          </p>
        )}
      </form>
    </section>
  );
}
