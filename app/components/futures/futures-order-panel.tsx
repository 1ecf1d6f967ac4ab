import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DecimalField, Segmented } from "~/components/trade/order-fields";
import { PreTpslTip } from "~/components/trade/pre-tpsl-tip";
import { formatNumber } from "~/lib/i18n/format";
import { browserHttp } from "~/lib/http/browser-client";
import { MARGIN_COIN, MIX, type FuturesAccount, type Position } from "~/lib/futures/api";
import type { FuturesMarket } from "~/lib/futures/contract";
import { useOwnRates } from "~/lib/futures/use-own-rates";
import { maxOpenSize, sizeFromBase, type FuturesUnit, type HoldSide, type MarginMode } from "~/lib/futures/maths";
import {
  checkFuturesOrder,
  futuresBandError,
  futuresProtection,
  type FuturesFormContext,
  type FuturesFormInput,
  type FuturesOrderKind,
  type PosMode,
  type TradeSide,
} from "~/lib/futures/order-form";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import { placeErrorOf } from "~/lib/trade/order-errors";
import { useErrorText } from "~/components/trade/order-fields";
import { newClientOid } from "~/lib/trade/order-form";
import { LeverageDialog, MarginModeDialog, PositionModeDialog, TransferDialog } from "./settings-dialogs";

/** The leverage the account holds for this mode and side (Bitget keeps one per side in isolated mode). */
export function leverageOf(account: FuturesAccount | undefined, mode: MarginMode, side: HoldSide, fallback: number): number {
  const raw =
    mode === "crossed" ? account?.crossedMarginLeverage : side === "long" ? account?.isolatedLongLever : account?.isolatedShortLever;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

type Dialog = "leverage" | "margin" | "posMode" | "confirm" | "transfer" | undefined;

interface Props {
  market: FuturesMarket;
  lastPrice: string | undefined;
  /** The mark price the screen shows: the reference of the gateway's price band and market protection (docs/decisions/341). */
  markPrice?: string | undefined;
  account: FuturesAccount | undefined;
  positions: readonly Position[];
  loggedIn: boolean;
  holdSide: HoldSide;
  onHoldSide: (s: HoldSide) => void;
  /** A price picked in the book. */
  pick?: { price: string; n: number };
  onChanged: () => void;
  /** After the gateway accepted an order (the phone's order sheet closes, docs/decisions/723). */
  onPlaced?: () => void;
}

/**
 * The futures order form: open or close; limit, market or plan; margin mode, leverage and position
 * mode behind their dialogs; size in contracts, the coin or USDT; TP/SL; the cost, estimated
 * liquidation price and fee before sending; a confirmation for market and plan orders.
 */
export function FuturesOrderPanel({
  market: listed,
  lastPrice,
  markPrice,
  account,
  positions,
  loggedIn,
  holdSide,
  onHoldSide,
  pick,
  onChanged,
  onPlaced,
}: Props) {
  // the fee estimate and the most that can be opened use the trader's own rates
  const market = useOwnRates(listed, loggedIn);
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const errorText = useErrorText();
  const ids = useId();
  const [unit, setUnit] = useLocalPref("futuresTradeUnit");
  const [skipConfirm, setSkipConfirm] = useLocalPref("skipOrderConfirm");
  const [tradeSide, setTradeSide] = useState<TradeSide>("open");
  const [kind, setKind] = useState<FuturesOrderKind>("limit");
  // the limit price starts at the last price, as spot's does (docs/decisions/716), once it is known
  const [price, setPrice] = useState(lastPrice ?? "");
  const seeded = useRef(price !== "");
  useEffect(() => {
    if (seeded.current || !lastPrice) return;
    seeded.current = true;
    // a price the trader typed meanwhile stays
    setPrice((p) => p || lastPrice);
  }, [lastPrice]);
  const [triggerPrice, setTriggerPrice] = useState("");
  const [planPrice, setPlanPrice] = useState("");
  const [size, setSize] = useState("");
  const [tpsl, setTpsl] = useState(false);
  const [takeProfit, setTakeProfit] = useState("");
  const [stopLoss, setStopLoss] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const [formError, setFormError] = useState<string>();
  const marginMode: MarginMode = account?.marginMode === "isolated" ? "isolated" : "crossed";
  const posMode: PosMode = account?.posMode === "hedge_mode" ? "hedge_mode" : "one_way_mode";
  const leverage = leverageOf(account, marginMode, holdSide, Math.min(20, market.maxLeverage));

  useEffect(() => {
    if (!pick) return;
    if (kind === "plan") setTriggerPrice(pick.price);
    else {
      setKind("limit");
      setPrice(pick.price);
    }
    // Only a new pick (its counter) fills the field again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pick?.n]);

  const position = positions.find((p) => p.symbol === market.symbol && p.holdSide === holdSide);
  // What may still be committed to new positions (the balance less margins and frozen orders).
  const available = account ? Number(account.crossedMaxAvailable || account.available) : undefined;
  const input: FuturesFormInput = { kind, tradeSide, holdSide, price, triggerPrice, planPrice, size, unit, tpsl, takeProfit, stopLoss };
  const result = useMemo(
    () =>
      checkFuturesOrder(
        input,
        { market, marginMode, posMode, leverage, lastPrice, markPrice, available, closable: position ? Number(position.available) : 0 },
        "preview",
      ),
    // The input's fields are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      kind,
      tradeSide,
      holdSide,
      price,
      triggerPrice,
      planPrice,
      size,
      unit,
      tpsl,
      takeProfit,
      stopLoss,
      market,
      marginMode,
      posMode,
      leverage,
      lastPrice,
      markPrice,
      available,
      position,
    ],
  );
  // The band around the mark, per button: what each would be refused for, said beside the price field
  // at once; that button is refused (aria-disabled, described by the reason) until the price moves in.
  const bandCtx: FuturesFormContext = { market, marginMode, posMode, leverage, lastPrice, markPrice, available, closable: undefined };
  const bands = {
    long: futuresBandError(input, bandCtx, "long"),
    short: futuresBandError(input, bandCtx, "short"),
  };
  const bandId = (side: HoldSide) => `${ids}-band-${side}`;
  const actionOf = (side: HoldSide) => t(`futures.form.${tradeSide}${side === "long" ? "Long" : "Short"}`);
  const bandNotes = (["long", "short"] as const).map(
    (side) =>
      bands[side] && (
        <p key={side} id={bandId(side)} className="field-error" data-testid={`futures-band-${side}`}>
          {t("futures.form.refusedFor", {
            action: actionOf(side),
            reason: errorText({ key: futuresErrorKey(bands[side].key), values: bands[side].values }),
          })}
        </p>
      ),
  );
  const err = (f: keyof typeof result.errors) => {
    const e = result.errors[f];
    // the band's refusal is said per button below the price field (bandNotes)
    if (f === "price" && (e?.key === "bandHigh" || e?.key === "bandLow")) return undefined;
    return touched && e ? errorText({ key: futuresErrorKey(e.key), values: e.values }) : undefined;
  };
  /** A price field of the form, in the quote coin. */
  const priceField = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    field: keyof typeof result.errors,
    hint?: string,
  ) => (
    <DecimalField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={() => undefined}
      error={err(field)}
      suffix={market.quote}
      hint={hint}
    />
  );
  const usd = (n: number | undefined) => (n === undefined ? "—" : formatNumber(n.toFixed(4), intl, { minDigits: 2, maxDigits: 4 }));
  const px = (n: number | undefined) =>
    n === undefined
      ? "—"
      : formatNumber(n.toFixed(market.pricePrecision), intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const unitName = (u: FuturesUnit) => (u === "contract" ? t("futures.form.cont") : u === "coin" ? market.base : market.quote);
  const maxBase =
    available !== undefined && lastPrice ? maxOpenSize(available, Number(price || lastPrice), leverage, market.takerRate) : undefined;

  const send = async (side: HoldSide) => {
    const clientOid = newClientOid();
    const r = checkFuturesOrder(
      { ...input, holdSide: side },
      { market, marginMode, posMode, leverage, lastPrice, markPrice, available, closable: closableOf(positions, market.symbol, side) },
      clientOid,
    );
    if (!r.request) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await browserHttp().post(r.request.path === "plan" ? MIX.placePlan : MIX.placeOrder, r.request.body);
      showToast(t(r.request.path === "plan" ? "futures.toast.planPlaced" : "form.placed"));
      setSize("");
      setTouched(false);
      onChanged();
      onPlaced?.();
    } catch (e) {
      const pe = placeErrorOf(e, "futures");
      setFormError(errorText(pe.error));
      showToast(errorText(pe.error), "notice");
    } finally {
      setBusy(false);
      setDialog(undefined);
    }
  };

  const submit = (side: HoldSide) => {
    onHoldSide(side);
    if (bands[side]) {
      document.getElementById(kind === "plan" ? "futures-plan-price" : "futures-price")?.focus();
      return;
    }
    setTouched(true);
    // The side changes what is valid (TP/SL direction); checked again with the side pressed.
    const r = checkFuturesOrder(
      { ...input, holdSide: side },
      { market, marginMode, posMode, leverage, lastPrice, markPrice, available, closable: closableOf(positions, market.symbol, side) },
      "check",
    );
    if (!r.request) return;
    if (kind !== "limit" && !skipConfirm) setDialog("confirm");
    else void send(side);
  };

  const close = () => setDialog(undefined);

  if (!loggedIn)
    return (
      <section className="card trade-card order-panel futures-order" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{t("futures.form.title")}</h2>
        <p>{t("form.guest")}</p>
        <p className="actions">
          <LocaleLink className="button primary" to="/login">
            {t("form.login")}
          </LocaleLink>{" "}
          <LocaleLink className="button" to="/register">
            {t("form.register")}
          </LocaleLink>
        </p>
      </section>
    );

  const preview = result.preview;
  // Another side or order type starts the checks over: nothing shows as wrong until the next send.
  const choose =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setTouched(false);
    };
  const tradeSides = (["open", "close"] as const).map((v) => ({ value: v, text: t(`futures.form.${v}`) }));
  const kinds = (["limit", "market", "plan"] as const).map((v) => ({
    value: v,
    text: t(v === "plan" ? "futures.form.plan" : `form.${v}`),
  }));
  return (
    <section className="card trade-card order-panel futures-order" aria-labelledby={`${ids}-title`} data-testid="futures-order-panel">
      <h2 id={`${ids}-title`}>{t("futures.form.title")}</h2>
      <div className="futures-settings">
        <button type="button" className="button" data-testid="margin-mode" onClick={() => setDialog("margin")}>
          {t(`futures.marginMode.${marginMode}`)}
        </button>
        <button type="button" className="button" data-testid="leverage" onClick={() => setDialog("leverage")}>
          {t("futures.form.leverageValue", { n: leverage })}
        </button>
        <button type="button" className="button" data-testid="position-mode" onClick={() => setDialog("posMode")}>
          {t(`futures.posMode.${posMode}`)}
        </button>
      </div>
      <Segmented label={t("futures.form.tradeSide")} value={tradeSide} onChange={choose(setTradeSide)} options={tradeSides} />
      <Segmented label={t("form.orderType")} value={kind} onChange={choose(setKind)} options={kinds} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(holdSide);
        }}
      >
        {kind === "plan" &&
          priceField(
            "futures-trigger",
            t("futures.form.trigger"),
            triggerPrice,
            setTriggerPrice,
            "triggerPrice",
            t("futures.form.triggerHint"),
          )}
        {kind === "limit" && priceField("futures-price", t("form.price"), price, setPrice, "price")}
        {kind === "plan" &&
          priceField("futures-plan-price", t("futures.form.planPrice"), planPrice, setPlanPrice, "price", t("futures.form.planPriceHint"))}
        {kind !== "market" && bandNotes}
        {kind === "market" && <p className="muted">{t("form.marketNote")}</p>}
        <div className="field-row">
          <DecimalField
            id="order-quantity"
            label={t("futures.form.size")}
            value={size}
            onChange={setSize}
            onBlur={() => undefined}
            error={err("size")}
            suffix={unitName(unit)}
            hint={
              tradeSide === "open" && maxBase !== undefined
                ? t("futures.form.maxOpen", {
                    size: formatNumber(
                      sizeFromBase(
                        maxBase,
                        unit,
                        Number(market.contractSize.int) / 10 ** market.contractSize.scale,
                        Number(price || lastPrice),
                      ).toFixed(4),
                      intl,
                      { maxDigits: 4 },
                    ),
                    unit: unitName(unit),
                  })
                : position
                  ? t("futures.form.closable", { size: formatNumber(position.available, intl), coin: market.base })
                  : undefined
            }
          />
          <label className="unit-select">
            <span className="visually-hidden">{t("form.unit")}</span>
            <select value={unit} onChange={(e) => setUnit(e.target.value as FuturesUnit)} data-testid="futures-unit">
              {(["contract", "coin", "quote"] as const).map((u) => (
                <option key={u} value={u}>
                  {unitName(u)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {tradeSide === "open" && (
          <fieldset className="tpsl">
            <label className="choice">
              <input type="checkbox" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} data-testid="futures-tpsl" />{" "}
              {t("form.tpsl")}
            </label>
            {tpsl && (
              <>
                <PreTpslTip text={t("futures.form.preTpslTip")} />
                {priceField("futures-tp", t("form.takeProfit"), takeProfit, setTakeProfit, "takeProfit")}
                {priceField("futures-sl", t("form.stopLoss"), stopLoss, setStopLoss, "stopLoss")}
              </>
            )}
          </fieldset>
        )}
        <dl className="order-summary" data-testid="futures-preview">
          <div>
            <dt>{t("futures.form.available")}</dt>
            <dd data-testid="futures-available">
              {available === undefined ? "—" : `${usd(available)} ${MARGIN_COIN}`}{" "}
              <button type="button" className="button small" onClick={() => setDialog("transfer")}>
                {t("futures.transfer.open")}
              </button>
            </dd>
          </div>
          {tradeSide === "open" && (
            <>
              <div>
                <dt>{t("futures.form.cost")}</dt>
                <dd data-testid="futures-cost">{preview?.cost === undefined ? "—" : `${usd(preview.cost)} ${MARGIN_COIN}`}</dd>
              </div>
              <div>
                <dt>{t("futures.form.estLiq")}</dt>
                <dd data-testid="futures-est-liq">{px(preview?.liquidation)}</dd>
              </div>
            </>
          )}
          {kind === "market" &&
            (["long", "short"] as const).map((side) => {
              const at = futuresProtection(tradeSide, side, { market, markPrice });
              const buys = (tradeSide === "open") === (side === "long");
              return (
                at && (
                  <div key={side}>
                    <dt>{actionOf(side)}</dt>
                    <dd data-testid={`futures-protection-${side}`}>
                      {t(buys ? "form.protectionBuy" : "form.protectionSell", { price: px(Number(at)) })}
                    </dd>
                  </div>
                )
              );
            })}
          <div>
            <dt>{t("futures.form.fee")}</dt>
            <dd data-testid="futures-fee">{preview ? `${usd(preview.fee)} ${MARGIN_COIN}` : "—"}</dd>
          </div>
        </dl>
        {formError && (
          <p role="alert" className="notice error">
            {formError}
          </p>
        )}
        <div className="futures-submit">
          {(["long", "short"] as const).map((side) => (
            <button
              key={side}
              type="button"
              className={`button ${side === "long" ? "submit-buy" : "submit-sell"}`}
              disabled={busy}
              onClick={() => submit(side)}
              data-testid={`submit-${side}`}
              aria-disabled={bands[side] !== undefined || undefined}
              aria-describedby={bands[side] ? bandId(side) : undefined}
            >
              {actionOf(side)}
            </button>
          ))}
        </div>
      </form>
      {dialog === "confirm" && (
        <ConfirmDialog
          title={t("futures.confirm.title")}
          confirm={t("futures.confirm.send")}
          cancel={t("futures.confirm.cancel")}
          skipLabel={t("futures.confirm.skip")}
          busy={busy}
          tone={holdSide === "long" ? "submit-buy" : "submit-sell"}
          onCancel={() => setDialog(undefined)}
          onConfirm={(skip) => {
            if (skip) setSkipConfirm(true);
            void send(holdSide);
          }}
        >
          <dl className="order-summary">
            <div>
              <dt>{t("futures.confirm.order")}</dt>
              <dd>
                {t(`futures.form.${tradeSide}${holdSide === "long" ? "Long" : "Short"}`)} ·{" "}
                {t(kind === "plan" ? "futures.form.plan" : `form.${kind}`)}
              </dd>
            </div>
            <div>
              <dt>{t("futures.form.size")}</dt>
              <dd>
                {preview?.size ?? "—"} {market.base}
              </dd>
            </div>
            {kind === "plan" && (
              <div>
                <dt>{t("futures.form.trigger")}</dt>
                <dd>{triggerPrice}</dd>
              </div>
            )}
            <div>
              <dt>{t("futures.form.leverageLabel")}</dt>
              <dd>{t("futures.form.leverageValue", { n: leverage })}</dd>
            </div>
            {tradeSide === "open" && (
              <div>
                <dt>{t("futures.form.estLiq")}</dt>
                <dd>{px(preview?.liquidation)}</dd>
              </div>
            )}
          </dl>
        </ConfirmDialog>
      )}
      {dialog === "leverage" && (
        <LeverageDialog market={market} leverage={leverage} marginMode={marginMode} posMode={posMode} onDone={onChanged} onClose={close} />
      )}
      {dialog === "margin" && <MarginModeDialog market={market} marginMode={marginMode} onDone={onChanged} onClose={close} />}
      {dialog === "transfer" && <TransferDialog onDone={onChanged} onClose={close} />}
      {dialog === "posMode" && <PositionModeDialog posMode={posMode} onDone={onChanged} onClose={close} />}
    </section>
  );
}

function closableOf(positions: readonly Position[], symbol: string, side: HoldSide): number {
  const p = positions.find((x) => x.symbol === symbol && x.holdSide === side);
  return p ? Number(p.available) : 0;
}

/** The form's error keys in the shared `errors.*` texts, plus the futures ones. */
function futuresErrorKey(key: string): string {
  const shared: Record<string, string> = {
    required: "required",
    notNumber: "positive",
    offTick: "tick",
    belowMinSize: "minSize",
    belowMinValue: "minNotional",
    aboveAvailable: "insufficientNow",
    bandHigh: "bandHigh",
    bandLow: "bandLow",
  };
  return shared[key] ?? `futures.${key}`;
}
