import { memo, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { V2, type OrderType } from "../../../protocol/bitget";
import { browserHttp } from "~/lib/http/browser-client";
import { useRootData } from "~/lib/root-data";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { estimateFee, feeRates, type FeeRates } from "~/lib/trade/fees";
import { platformFee } from "~/lib/trade/platform-fee";
import { usePlatformFees } from "~/lib/trade/use-platform-fees";
import {
  buildOrder,
  newClientOid,
  normalizeField,
  quantityUnit,
  summarize,
  validate,
  type Built,
  type FieldError,
  type OrderContext,
  type OrderField,
  type OrderFormState,
} from "~/lib/trade/order-form";
import { buildPlan, planContext, planOrder, planSays, validatePlan, withPlanPrices, type PlanFormState } from "~/lib/trade/plan-form";
import { marketProtection } from "~/lib/trade/price-band";
import { DecimalField, Segmented, sideOptions, unitOptions, useErrorText } from "./order-fields";
import { ForceField, OrderConfirm, OrderFormFoot, PercentControls, type OrderFormProps } from "./order-form-parts";
import { useOrderEntry } from "./use-order-entry";
import { PreTpslTip } from "./pre-tpsl-tip";
import { FeeCoinRow } from "./fee-coin-row";

type EntryType = OrderType | "plan";

/**
 * The fee rates of the trader's VIP tier (a failure keeps the first tier's). `account/info` allows one
 * call a second per user and moving between pairs loads a new page, so the tier is asked once per
 * page and kept a minute in this tab (not a secret: the tier decides only the estimate shown).
 */
let vipRatesOnce: Promise<FeeRates> | undefined;
const VIP_KEPT = "mix:vipLevel";
const VIP_KEPT_MS = 60_000;
function vipRates(userId: string): Promise<FeeRates> {
  try {
    const kept = JSON.parse(sessionStorage.getItem(VIP_KEPT) ?? "null") as { userId?: string; at?: number; level?: string } | null;
    if (kept?.userId === userId && typeof kept.at === "number" && Date.now() - kept.at < VIP_KEPT_MS)
      return Promise.resolve(feeRates(kept.level));
  } catch {
    // storage refused or unreadable: ask the gateway
  }
  return (vipRatesOnce ??= browserHttp()
    .get<{ vipLevel?: string }>(V2.accountInfo)
    .then((info) => {
      try {
        sessionStorage.setItem(VIP_KEPT, JSON.stringify({ userId, at: Date.now(), level: info.vipLevel }));
      } catch {
        // not kept: the next page asks again
      }
      return feeRates(info.vipLevel);
    })
    .catch(() => feeRates(undefined)));
}
type Field = OrderField | "triggerPrice";
const FIELDS: readonly Field[] = ["triggerPrice", "price", "quantity", "takeProfit", "stopLoss"];

interface FormValues {
  type: EntryType;
  /** The order a plan places when it triggers. */
  execute: OrderType;
  force: OrderFormState["force"];
  triggerPrice: string;
  price: string;
  /**
   * The order price of a plan, apart from the limit order's price (an earlier limit price must not
   * ride along into a trigger order, issue 28). It follows the trigger until the trader types one.
   */
  planPrice: string;
  planPriceTyped: boolean;
  quantity: string;
  takeProfit: string;
  stopLoss: string;
}

interface Props extends OrderFormProps {
  /** Available balances of the pair's coins; undefined for a guest or before they load. */
  available: { base: Decimal; quote: Decimal } | undefined;
  /** An order or plan is about to be sent with this clientOid (the page's toasts skip its own "placed"). */
  onSending: (clientOid: string) => void;
}

type Pending = { kind: "order"; body: Record<string, string> } | { kind: "plan"; body: Record<string, string> };

/**
 * Buy or sell: limit, market or plan (trigger) orders, sized in coin or quote, checked field by
 * field before it is sent; market and plan orders are confirmed first unless the trader opted out.
 * Memoised: the market stream's frames render it again only when the last price changed.
 */
export const OrderPanel = memo(function OrderPanel({
  market,
  lastPrice,
  available,
  loggedIn,
  side,
  onSide,
  unit,
  onUnit,
  pick,
  onSending,
  onPlaced,
}: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const errorText = useErrorText();
  const [form, setForm] = useState<FormValues>({
    type: "limit",
    execute: "limit",
    force: "gtc",
    triggerPrice: "",
    price: lastPrice ?? "",
    planPrice: "",
    planPriceTyped: false,
    quantity: "",
    takeProfit: "",
    stopLoss: "",
  });
  const [tpsl, setTpsl] = useState(false);
  const [slider, setSlider] = useState(0);
  const [rates, setRates] = useState<FeeRates>(() => feeRates(undefined));
  const entry = useOrderEntry<Field, Pending>({
    fields: FIELDS,
    post: async (p) => {
      onSending(p.body.clientOid ?? "");
      await browserHttp().post(p.kind === "plan" ? V2.placePlan : V2.placeOrder, p.body);
      return t(p.kind === "plan" ? "spot.toast.planPlaced" : "form.placed");
    },
    onPlaced: () => {
      setForm((f) => ({ ...f, quantity: "", takeProfit: "", stopLoss: "" }));
      setSlider(0);
      reloadPlatformRef.current();
      onPlaced();
    },
  });
  const { busy, pending, skipConfirm, touch, clearError } = entry;
  const reloadPlatformRef = useRef<() => void>(() => undefined);

  // A click in the book: its price into the price field, or its size into the amount.
  useEffect(() => {
    if (!pick) return;
    if ("price" in pick) {
      setForm((f) => ({
        ...f,
        ...(f.type === "plan"
          ? { triggerPrice: pick.price, ...(f.planPriceTyped ? {} : { planPrice: pick.price }) }
          : { type: f.type === "market" ? "limit" : f.type, price: pick.price }),
      }));
      touch(form.type === "plan" ? "triggerPrice" : "price");
    } else {
      if (pick.unit !== unit) onUnit(pick.unit);
      setForm((f) => ({ ...f, type: f.type === "market" ? "limit" : f.type, quantity: pick.quantity }));
      touch("quantity");
    }
    clearError();
    // Only a new click applies; the form's own changes must not re-apply the last one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pick?.n]);

  const isPlan = form.type === "plan";
  const orderState: OrderFormState = {
    side,
    type: isPlan ? form.execute : (form.type as OrderType),
    force: form.force,
    unit,
    price: form.price,
    quantity: form.quantity,
    ...(tpsl && !isPlan ? { takeProfit: form.takeProfit, stopLoss: form.stopLoss } : { takeProfit: "", stopLoss: "" }),
  };
  const planState: PlanFormState = {
    side,
    execute: form.execute,
    unit,
    triggerPrice: form.triggerPrice,
    price: form.planPrice,
    quantity: form.quantity,
  };
  const last = lastPrice ? parseDecimal(lastPrice) : undefined;
  const baseCtx: OrderContext = { market, ...(available ? { available } : {}), ...(last ? { lastPrice: last } : {}) };
  const ctx = isPlan ? planContext(planState, baseCtx) : baseCtx;
  const state = isPlan ? planOrder(planState) : orderState;
  const errors: Partial<Record<Field, FieldError>> = isPlan ? validatePlan(planState, baseCtx) : validate(orderState, baseCtx);
  const summary = summarize(state, ctx);
  const fee = estimateFee(state, summary, rates);
  // The trader's fee tier, read once the form first has something to price (account/info allows
  // one call a second per user, so not on every page load); the first tier's rates until then.
  const userId = useRootData()?.user?.userId;
  const wantsFee = loggedIn && userId !== undefined && fee !== undefined;
  useEffect(() => {
    if (!wantsFee || userId === undefined) return;
    let live = true;
    void vipRates(userId).then((r) => live && setRates(r));
    return () => {
      live = false;
    };
  }, [wantsFee, userId]);
  // which coin the fee will be paid in: the platform coin when switched on and covered (docs/decisions/353)
  const [platform, reloadPlatform] = usePlatformFees(wantsFee);
  const ppm = state.type === "limit" && state.force === "post_only" ? rates.maker : rates.taker;
  const inPlatform = platformFee(summary.total, ppm, platform.state === "ready" ? platform.data : undefined);
  const qUnit = quantityUnit(state);
  const qCoin = qUnit === "base" ? market.base : market.quote;
  // A price outside the gateway's band is said at once, not only once the field was left: the
  // submit is refused for it (docs/decisions/340; a plan's execute price is banded at its trigger).
  const showsPrice = form.type === "limit" || (isPlan && form.execute === "limit");
  const band = showsPrice && errors.price?.key.startsWith("band") ? errors.price : undefined;
  const shown = (f: Field) => entry.shown(f, errors) ?? (f === "price" && band ? errorText(band) : undefined);
  // A market order (or a market plan, at its trigger) fills only up to its protection price.
  const protection = state.type === "market" ? marketProtection(side, ctx.lastPrice, market.pricePrecision) : undefined;
  const set = (patch: Partial<FormValues>) => {
    setForm((f) => withPlanPrices(f, patch, lastPrice));
    clearError();
  };
  const blur = (f: Field) => {
    setForm((cur) => {
      const value =
        f === "triggerPrice"
          ? normalizeField("price", { ...state, price: cur.triggerPrice }, market)
          : normalizeField(f, { ...state, [f]: f === "price" && isPlan ? cur.planPrice : cur[f] }, market);
      if (f === "price" && isPlan) return { ...cur, planPrice: value };
      return { ...cur, [f]: value };
    });
    touch(f);
  };
  /** The decimal input of one order field, tied to its value, its error and its normalising on blur. */
  const decimalField = (f: Field, label: string, suffix = market.quote) => ({
    id: `order-${f}`,
    label,
    suffix,
    value: f === "price" && isPlan ? form.planPrice : form[f],
    error: shown(f),
    onChange: (v: string) => {
      set(f === "price" && isPlan ? { planPrice: v, planPriceTyped: true } : { [f]: v });
      if (f === "quantity") setSlider(0);
    },
    onBlur: () => blur(f),
  });
  const percent = (pct: number) =>
    entry.percent(state, ctx, pct, (quantity, at) => {
      set({ quantity });
      setSlider(at);
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const built: Built<object, Partial<Record<Field, FieldError>>> = isPlan
      ? buildPlan(planState, baseCtx, newClientOid())
      : buildOrder(orderState, baseCtx, newClientOid());
    if (!built.ok) return entry.refuse(built.errors);
    const p: Pending = { kind: isPlan ? "plan" : "order", body: built.body as Record<string, string> };
    // A limit order is its own confirmation (its price is on screen); market and plan orders are asked about.
    if (form.type !== "limit" && !skipConfirm) entry.confirm(p);
    else void entry.send(p);
  };

  /** An amount of `coin` at its display precision (docs/decisions/715), or a dash without one. */
  const fmt = (d: Decimal | undefined, coin: string) => (d ? formatCoin(toText(d), coin, intl) : "—");
  const price = (v: string | undefined) =>
    v ? formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }) : "—";
  const spendCoin = side === "buy" ? market.quote : market.base;
  const spendAvailable = available ? (side === "buy" ? available.quote : available.base) : undefined;
  const action = t(side === "buy" ? "form.buyCoin" : "form.sellCoin", { coin: market.base });
  // What a plan will do, said before it is sent (issue 28): exactly the request the submit would build.
  const planBuilt = isPlan ? buildPlan(planState, baseCtx, "preview") : undefined;
  const says = planBuilt?.ok ? planSays(planBuilt.body) : undefined;
  const planText =
    says &&
    t(`spot.form.planSays.${says.key}`, {
      trigger: price(says.trigger),
      price: price(says.price),
      amount: `${formatCoin(says.size, says.sizeCoin === "base" ? market.base : market.quote, intl)} ${says.sizeCoin === "base" ? market.base : market.quote}`,
    });
  const feeCoin = fee?.coin === "base" ? market.base : market.quote;
  const feeText = inPlatform?.covered
    ? `${fmt(inPlatform.amount, inPlatform.coin)} ${inPlatform.coin}`
    : fee
      ? `${fmt(fee.amount, feeCoin)} ${feeCoin}`
      : "—";
  reloadPlatformRef.current = reloadPlatform;

  return (
    <section className="card order-panel" aria-labelledby="order-title" data-side={side}>
      <h2 id="order-title">{t("form.title")}</h2>
      <form onSubmit={submit} noValidate>
        <Segmented label={t("form.side")} value={side} onChange={entry.clearing(onSide)} className="sides" options={sideOptions(t)} />
        <Segmented
          label={t("form.orderType")}
          value={form.type}
          onChange={(type) => set({ type })}
          options={[
            { value: "limit", text: t("form.limit") },
            { value: "market", text: t("form.market") },
            { value: "plan", text: t("spot.form.plan") },
          ]}
        />
        {isPlan && (
          <>
            <DecimalField {...decimalField("triggerPrice", t("spot.form.triggerPrice"))} hint={t("spot.form.triggerHint")} />
            <Segmented
              label={t("spot.form.execute")}
              value={form.execute}
              onChange={(execute) => set({ execute })}
              className="small"
              options={[
                { value: "limit", text: t("form.limit") },
                { value: "market", text: t("form.market") },
              ]}
            />
          </>
        )}
        {showsPrice ? (
          <DecimalField {...decimalField("price", isPlan ? t("spot.form.executePrice") : t("form.price"))} />
        ) : (
          <p className="market-note">{isPlan ? t("spot.form.planMarketNote") : t("form.marketNote")}</p>
        )}
        {showsPrice && <Segmented label={t("form.unit")} value={unit} onChange={onUnit} className="small" options={unitOptions(market)} />}
        <DecimalField
          {...decimalField("quantity", qUnit === "base" ? t("form.amount") : t("form.total"), qCoin)}
          hint={
            loggedIn && (
              <>
                {t("form.available")}: <span data-testid="available">{fmt(spendAvailable, spendCoin)}</span> {spendCoin}
              </>
            )
          }
        />
        {loggedIn && <PercentControls slider={slider} onPercent={percent} />}
        <dl className="order-summary">
          <dt>{state.type === "market" ? t("form.estimatedValue") : t("form.orderValue")}</dt>
          <dd data-testid="order-value">
            {fmt(summary.total, market.quote)} {market.quote}
          </dd>
          {(summary.size || summary.estimatedSize) && qUnit === "quote" && (
            <>
              <dt>{t("form.estimatedSize")}</dt>
              <dd>
                {fmt(summary.size ?? summary.estimatedSize, market.base)} {market.base}
              </dd>
            </>
          )}
          {protection && (
            <>
              <dt>{t("form.protection")}</dt>
              <dd data-testid="order-protection">
                {t(side === "buy" ? "form.protectionBuy" : "form.protectionSell", { price: price(protection) })}
              </dd>
            </>
          )}
          <dt>{t("spot.form.fee")}</dt>
          <dd data-testid="order-fee">{feeText}</dd>
          {platform.state === "ready" && fee && (
            <FeeCoinRow on={platform.data.on} estimate={inPlatform} usual={feeCoin} testId="order-fee-coin" />
          )}
        </dl>
        {form.type === "limit" && <ForceField value={form.force} onChange={(force) => set({ force })} />}
        {!isPlan && (
          <label className="choice tpsl-toggle">
            <input type="checkbox" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} /> {t("form.tpsl")}
          </label>
        )}
        {tpsl && !isPlan && (
          <div className="tpsl-fields">
            <PreTpslTip text={t("spot.form.preTpslTip")} />
            <DecimalField {...decimalField("takeProfit", t("form.takeProfit"))} />
            <DecimalField {...decimalField("stopLoss", t("form.stopLoss"))} />
          </div>
        )}
        {planText && (
          <p className="plan-says" data-testid="plan-says">
            {planText}
          </p>
        )}
        <OrderFormFoot entry={entry} loggedIn={loggedIn} side={side} action={action} refusedBy={band ? "order-price-error" : undefined} />
      </form>
      {pending && (
        <OrderConfirm entry={{ ...entry, pending }} action={action} side={side} skippable>
          <dl className="order-summary" data-testid="confirm-summary">
            <dt>{t("form.orderType")}</dt>
            <dd>{isPlan ? `${t("spot.form.plan")} · ${t(`form.${form.execute}`)}` : t(`form.${state.type}`)}</dd>
            {isPlan && (
              <>
                <dt>{t("spot.form.triggerPrice")}</dt>
                <dd>{price(pending.body.triggerPrice)}</dd>
              </>
            )}
            <dt>{t("form.price")}</dt>
            <dd>{state.type === "market" ? t("form.market") : price(pending.body.price ?? pending.body.executePrice)}</dd>
            <dt>{qUnit === "base" || state.type === "limit" ? t("form.amount") : t("form.total")}</dt>
            <dd>
              {formatCoin(pending.body.size ?? "", state.type === "market" && side === "buy" ? market.quote : market.base, intl)}{" "}
              {state.type === "market" && side === "buy" ? market.quote : market.base}
            </dd>
            <dt>{t("spot.form.fee")}</dt>
            <dd>{feeText}</dd>
          </dl>
          {isPlan && planText && <p className="plan-says">{planText}</p>}
        </OrderConfirm>
      )}
    </section>
  );
});
