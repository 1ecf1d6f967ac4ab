import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { OrderType } from "../../../protocol/bitget";
import { DecimalField, Segmented, sideOptions, unitOptions } from "~/components/trade/order-fields";
import { ForceField, OrderConfirm, OrderFormFoot, PercentControls, type OrderFormProps } from "~/components/trade/order-form-parts";
import { useOrderEntry } from "~/components/trade/use-order-entry";
import { ModeChoice } from "./mode-choice";
import { RiskChange, type RiskInputs } from "./risk-preview";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { borrows, LOAN_TYPES, marginPaths, type LoanType, type MarginMode } from "~/lib/margin/api";
import { buildMarginOrder, maxTrade, shortfall, spendable, type MarginFunds, type MarginOrderRequest } from "~/lib/margin/maths";
import { planOf, previewOrder, type OrderPreview } from "~/lib/margin/preview";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { feeRates } from "~/lib/trade/fees";
import { platformFee, type PlatformFeeEstimate } from "~/lib/trade/platform-fee";
import { usePlatformFees } from "~/lib/trade/use-platform-fees";
import { FeeCoinRow } from "~/components/trade/fee-coin-row";
import type { BookView } from "~/lib/trade/market-feed";
import {
  newClientOid,
  normalizeField,
  quantityUnit,
  summarize,
  validate,
  type OrderContext,
  type OrderFormState,
} from "~/lib/trade/order-form";

type Field = "price" | "quantity";
const FIELDS: readonly Field[] = ["price", "quantity"];
/**
 * The fee of the estimate: the first tier's taker rate, the highest there is, so the estimate errs
 * against the trader (the tier itself is the spot form's read, not repeated here).
 */
const TAKER_RATE: Decimal = { int: BigInt(feeRates(undefined).taker), scale: 6 };

interface Props extends OrderFormProps {
  mode: MarginMode;
  onMode: (m: MarginMode) => void;
  /** The account's free and borrowable amounts of the pair's coins; undefined for a guest or before they load. */
  funds: MarginFunds | undefined;
  /** The account, prices and levels for the order's risk preview (issue 26); undefined for a guest or before they load. */
  risk: RiskInputs | undefined;
  /** The book the screen shows: the expected fill walks it. */
  book: Pick<BookView, "asks" | "bids">;
}

/**
 * The margin order form (docs/decisions/707): cross or isolated, the loan mode, limit or market,
 * the spot form's fields and rules with the account's spending power (its free balance, plus what
 * can be borrowed when the order borrows), and the largest buy and sell. An order that borrows is
 * always confirmed; a market order unless the trader opted out, as on spot.
 */
export function MarginOrderPanel({
  market,
  mode,
  onMode,
  lastPrice,
  funds,
  risk,
  book,
  loggedIn,
  side,
  onSide,
  unit,
  onUnit,
  pick,
  onPlaced,
}: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const [type, setType] = useState<OrderType>("limit");
  const [force, setForce] = useState<OrderFormState["force"]>("gtc");
  const [loanType, setLoanType] = useState<LoanType>("normal");
  const [price, setPrice] = useState(lastPrice ?? "");
  const [quantity, setQuantity] = useState("");
  const [slider, setSlider] = useState(0);
  const entry = useOrderEntry<Field, MarginOrderRequest>({
    fields: FIELDS,
    post: async (body) => {
      await browserHttp().post(marginPaths(mode).placeOrder, body);
      return t("form.placed");
    },
    onPlaced: () => {
      setQuantity("");
      setSlider(0);
      reloadPlatformRef.current();
      onPlaced();
    },
  });
  const { busy, pending, skipConfirm, touch, clearError } = entry;
  const reloadPlatformRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!pick) return;
    if (type === "market") setType("limit");
    if ("price" in pick) {
      setPrice(pick.price);
      touch("price");
    } else {
      if (pick.unit !== unit) onUnit(pick.unit);
      setQuantity(pick.quantity);
      touch("quantity");
    }
    clearError();
    // Only a new click applies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pick?.n]);

  const state: OrderFormState = { side, type, force, unit, price, quantity, takeProfit: "", stopLoss: "" };
  const last = lastPrice ? parseDecimal(lastPrice) : undefined;
  const power = funds ? spendable(funds, loanType) : undefined;
  const ctx: OrderContext = { market, ...(power ? { available: power } : {}), ...(last ? { lastPrice: last } : {}) };
  const errors = validate(state, ctx);
  const summary = summarize(state, ctx);
  const qUnit = quantityUnit(state);
  const refPrice = type === "limit" ? summary.price : last;
  const max = funds ? maxTrade(funds, loanType, refPrice, market.quantityPrecision) : undefined;

  const shown = (f: Field) => entry.shown(f, errors);
  /** An amount of `coin` at its display precision (docs/decisions/715), or a dash. */
  const fmt = (d: Decimal | undefined, coin: string) => (d ? formatCoin(toText(d), coin, intl) : "—");
  const percent = (p: number) =>
    entry.percent(state, ctx, p, (q, at) => {
      setQuantity(q);
      setSlider(at);
    });

  /** What the order would borrow: the part of its cost beyond the free balance (an estimate for market orders). */
  const borrowing = (() => {
    if (!funds || !borrows(loanType)) return undefined;
    const amount = side === "buy" ? shortfall(summary.total, funds.available.quote) : shortfall(summary.size, funds.available.base);
    return amount ? { amount, coin: side === "buy" ? market.quote : market.base } : undefined;
  })();

  /**
   * What the order would leave the account at, from what is on screen (issue 26): the expected fill
   * in the book up to its limit or protection price, its fee and auto-borrow. At or below the margin
   * call (and worse than now) it is refused here; the gateway refuses below liquidation itself.
   */
  const refusalId = useId();
  const preview = ((): OrderPreview | undefined => {
    if (!risk || !funds) return undefined;
    const built = buildMarginOrder(state, ctx, loanType, "preview");
    const plan = built.ok ? planOf(built.body) : undefined;
    if (!plan) return undefined;
    const pair = { ...market, lastPrice: last, asks: book.asks, bids: book.bids, takerRate: TAKER_RATE };
    return previewOrder(plan, { holdings: risk.holdings, free: funds.available }, pair, risk.priceOf, risk.thresholds);
  })();
  const refused = preview?.refused === true;
  // a margin account's fee may be paid in the platform coin from the owner's spot balance (docs/decisions/353)
  const [platform, reloadPlatform] = usePlatformFees(loggedIn && preview !== undefined);
  reloadPlatformRef.current = reloadPlatform;
  const platformInfo = platform.state === "ready" ? platform.data : undefined;
  const inPlatform = preview ? platformFee(preview.fill.quote, feeRates(undefined).taker, platformInfo) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || refused) return;
    const built = buildMarginOrder(state, ctx, loanType, newClientOid());
    if (!built.ok) return entry.refuse(built.errors);
    if (borrows(loanType) || (type === "market" && !skipConfirm)) entry.confirm(built.body);
    else void entry.send(built.body);
  };

  const action = t(side === "buy" ? "form.buyCoin" : "form.sellCoin", { coin: market.base });
  const spendCoin = side === "buy" ? market.quote : market.base;
  const pxText = (v: string | undefined) =>
    v ? formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision }) : "—";
  return (
    <section className="card order-panel" aria-labelledby="order-title" data-side={side}>
      <h2 id="order-title">{t("margin.form.title")}</h2>
      <form onSubmit={submit} noValidate>
        <ModeChoice mode={mode} onMode={entry.clearing(onMode)} />
        <Segmented label={t("form.side")} value={side} onChange={entry.clearing(onSide)} className="sides" options={sideOptions(t)} />
        <Segmented
          label={t("form.orderType")}
          value={type}
          onChange={entry.clearing(setType)}
          options={[
            { value: "limit", text: t("form.limit") },
            { value: "market", text: t("form.market") },
          ]}
        />
        <div className="field">
          <label htmlFor="margin-loan-type">{t("margin.form.loanType")}</label>
          <select
            id="margin-loan-type"
            value={loanType}
            onChange={(e) => setLoanType(e.target.value as LoanType)}
            aria-describedby="margin-loan-hint"
          >
            {LOAN_TYPES.map((l) => (
              <option key={l} value={l}>
                {t(`margin.loan.${l}`)}
              </option>
            ))}
          </select>
          <p id="margin-loan-hint" className="muted small">
            {t(`margin.loanHint.${loanType}`)}
          </p>
        </div>
        {type === "limit" ? (
          <>
            <DecimalField
              id="order-price"
              label={t("form.price")}
              suffix={market.quote}
              value={price}
              error={shown("price")}
              onChange={(v) => {
                setPrice(v);
                clearError();
              }}
              onBlur={() => {
                setPrice((cur) => normalizeField("price", { ...state, price: cur }, market));
                touch("price");
              }}
            />
            <Segmented label={t("form.unit")} value={unit} onChange={onUnit} className="small" options={unitOptions(market)} />
          </>
        ) : (
          <p className="market-note">{t("form.marketNote")}</p>
        )}
        <DecimalField
          id="order-quantity"
          label={qUnit === "base" ? t("form.amount") : t("form.total")}
          suffix={qUnit === "base" ? market.base : market.quote}
          value={quantity}
          error={shown("quantity")}
          onChange={(v) => {
            setQuantity(v);
            setSlider(0);
            clearError();
          }}
          onBlur={() => {
            setQuantity((cur) => normalizeField("quantity", { ...state, quantity: cur }, market));
            touch("quantity");
          }}
          hint={
            loggedIn && (
              <>
                {t("form.available")}:{" "}
                <span data-testid="available">{fmt(side === "buy" ? funds?.available.quote : funds?.available.base, spendCoin)}</span>{" "}
                {spendCoin}
              </>
            )
          }
        />
        {loggedIn && <PercentControls slider={slider} onPercent={percent} />}
        <dl className="order-summary">
          <dt>{type === "market" ? t("form.estimatedValue") : t("form.orderValue")}</dt>
          <dd data-testid="order-value">
            {fmt(summary.total, market.quote)} {market.quote}
          </dd>
          {loggedIn && (
            <>
              <dt>{t("margin.form.borrowable")}</dt>
              <dd data-testid="margin-borrowable">
                {fmt(side === "buy" ? funds?.borrowable.quote : funds?.borrowable.base, spendCoin)} {spendCoin}
              </dd>
              <dt>{t("margin.form.maxBuy")}</dt>
              <dd data-testid="margin-max-buy">
                {fmt(max?.buy, market.base)} {market.base}
              </dd>
              <dt>{t("margin.form.maxSell")}</dt>
              <dd data-testid="margin-max-sell">
                {fmt(max?.sell, market.base)} {market.base}
              </dd>
            </>
          )}
          {borrowing && (
            <>
              <dt>{t("margin.form.willBorrow")}</dt>
              <dd data-testid="margin-will-borrow">
                {fmt(borrowing.amount, borrowing.coin)} {borrowing.coin}
              </dd>
            </>
          )}
          {preview && (
            <FillRows
              preview={preview}
              fmt={fmt}
              pxText={pxText}
              market={market}
              platform={platformInfo && { on: platformInfo.on, estimate: inPlatform }}
            />
          )}
        </dl>
        {type === "limit" && <ForceField value={force} onChange={setForce} />}
        {loggedIn && risk && (
          <RiskChange preview={preview} thresholds={risk.thresholds} refusalId={refusalId} testId="order-risk-preview" />
        )}
        <OrderFormFoot entry={entry} loggedIn={loggedIn} side={side} action={action} refusedBy={refused ? refusalId : undefined} />
      </form>
      {pending && (
        <OrderConfirm
          entry={{ ...entry, pending }}
          action={action}
          side={side}
          skippable={!borrows(loanType)}
          refusedBy={refused ? `${refusalId}-confirm` : undefined}
        >
          <dl className="order-summary" data-testid="confirm-summary">
            <dt>{t("margin.mode.label")}</dt>
            <dd>{t(`margin.mode.${mode}`)}</dd>
            <dt>{t("margin.form.loanType")}</dt>
            <dd>{t(`margin.loan.${pending.loanType}`)}</dd>
            <dt>{t("form.orderType")}</dt>
            <dd>{t(`form.${pending.orderType}`)}</dd>
            <dt>{t("form.price")}</dt>
            <dd>{pending.orderType === "market" ? t("form.market") : pxText(pending.price)}</dd>
            <dt>{pending.quoteSize ? t("form.total") : t("form.amount")}</dt>
            <dd>
              {formatCoin(pending.quoteSize ?? pending.baseSize ?? "", pending.quoteSize ? market.quote : market.base, intl)}{" "}
              {pending.quoteSize ? market.quote : market.base}
            </dd>
            {borrowing && (
              <>
                <dt>{t("margin.form.willBorrow")}</dt>
                <dd>
                  {fmt(borrowing.amount, borrowing.coin)} {borrowing.coin}
                </dd>
              </>
            )}
          </dl>
          {risk && (
            <RiskChange preview={preview} thresholds={risk.thresholds} refusalId={`${refusalId}-confirm`} testId="confirm-risk-preview" />
          )}
          {borrows(pending.loanType) && <p className="notice warning">{t("margin.dialog.borrowNote")}</p>}
        </OrderConfirm>
      )}
    </section>
  );
}

/** The order's expected fill at once (none for a limit that does not cross), its fee, and a market order's protection price. */
function FillRows({
  preview: { fill, fee },
  fmt,
  pxText,
  market,
  platform,
}: {
  preview: OrderPreview;
  /** The deduction's switch and the fee's platform-coin estimate, once known (docs/decisions/353). */
  platform?: { on: boolean; estimate: PlatformFeeEstimate | undefined } | undefined;
  fmt: (d: Decimal | undefined, coin: string) => string;
  pxText: (v: string | undefined) => string;
  market: { base: string; quote: string; quantityPrecision: number; quotePrecision: number };
}) {
  const { t } = useTranslation("trade");
  return (
    <>
      <dt>{t("margin.preview.fill")}</dt>
      <dd data-testid="margin-expected-fill">
        {t("margin.preview.fillValue", {
          size: fmt(fill.base, market.base),
          base: market.base,
          total: fmt(fill.quote, market.quote),
          quote: market.quote,
        })}
      </dd>
      <dt>{t("spot.form.fee")}</dt>
      <dd data-testid="margin-fee">
        {platform?.on && platform.estimate?.covered
          ? `${fmt(platform.estimate.amount, platform.estimate.coin)} ${platform.estimate.coin}`
          : `${fmt(fee.amount, fee.coin)} ${fee.coin}`}
      </dd>
      {platform && <FeeCoinRow on={platform.on} estimate={platform.estimate} usual={fee.coin} testId="margin-fee-coin" />}
      {fill.bound && fill.partial && (
        <>
          <dt>{t("margin.preview.bound")}</dt>
          <dd data-testid="margin-fill-bound">
            {pxText(toText(fill.bound))} {market.quote}
          </dd>
        </>
      )}
    </>
  );
}
