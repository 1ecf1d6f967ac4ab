import { memo, useCallback, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AccountPanels, readyCount } from "~/components/trade/account-section";
import { RadioChoices } from "~/components/ui/radio-choices";
import { DataTable, type Column } from "~/components/ui/data-table";
import { AsyncTable } from "~/components/trade/async-table";
import { CsvTable, type CsvFile } from "~/components/trade/order-tables";
import { formatTime } from "~/components/trade/time-text";
import { useAsync, type Async } from "~/lib/async-state";
import { formatCoin, formatNumber, formatPercent } from "~/lib/i18n/format";
import { browserHttp } from "~/lib/http/browser-client";
import { postWithToast } from "~/lib/http/post-with-toast";
import { cancelPlanBody, futuresOrderOf, MARGIN_COIN, MIX, PRODUCT_TYPE, type FuturesOrder } from "~/lib/futures/api";
import { newClientOid } from "~/lib/trade/order-form";
import type { FuturesMarket } from "~/lib/futures/contract";
import { WARN_RATIO, type LivePosition } from "~/lib/futures/live-position";
import type { LiquidationBill } from "~/lib/futures/private-events";
import { billRows } from "~/lib/futures/private-events";
import { MARGIN_FILTERS } from "~/lib/prefs/local-prefs";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { PlanOrder } from "~/lib/trade/chart/marks";
import { ActionDialog, type Action } from "./action-dialog";
import { DecimalInput, isPositiveDecimal } from "~/components/ui/decimal-input";
import type { FuturesAccountView } from "./use-futures-account";
import { isoTime } from "~/lib/trade/csv";
import { FUNDING_BILL } from "~/lib/records/futures-sources";
import { CopyMark, isCopy, useCopySides } from "./copy-mark";

const MARGIN_DIRECTIONS = ["add", "reduce"] as const;

type PositionDialog = { kind: "closeMarket" | "closeLimit" | "reverse" | "margin" | "tpsl"; position: LivePosition } | undefined;

interface Props {
  view: FuturesAccountView | undefined;
  market: FuturesMarket;
  positions: readonly LivePosition[];
  loginTo: string;
}

/** Below the market: positions, open and plan orders, order, trade and funding history. */
export const FuturesPanels = memo(function FuturesPanels({ view, market, positions, loginTo }: Props) {
  const { t } = useTranslation("trade");
  const tabs = view && [
    {
      id: "positions",
      label: t("futures.panels.positions", { count: positions.length }),
      panel: () => <PositionsTable view={view} market={market} positions={positions} />,
    },
    {
      id: "open",
      label: t("account.openOrders", { replace: { count: readyCount(view.orders) } }),
      panel: () => <FuturesOrdersTable orders={view.orders} market={market} onChanged={view.afterAction} />,
    },
    {
      id: "plans",
      label: t("spot.plans.tab", { count: view.plans.length }),
      panel: () => <FuturesPlansTable plans={view.plans} market={market} onChanged={view.afterAction} />,
    },
    { id: "history", label: t("account.history"), panel: () => <FuturesHistory market={market} /> },
    { id: "fills", label: t("account.fills"), panel: () => <FuturesFills market={market} /> },
    { id: "funding", label: t("futures.panels.funding"), panel: () => <FundingHistory market={market} /> },
    { id: "liquidations", label: t("futures.live.liquidations"), panel: () => <LiquidationHistory liquidations={view.liquidations} /> },
  ];
  return <AccountPanels id="futures-account-title" title={t("futures.panels.title")} loginTo={loginTo} tabs={tabs} />;
});

function PositionsTable({
  view,
  market,
  positions,
}: {
  view: FuturesAccountView;
  market: FuturesMarket;
  positions: readonly LivePosition[];
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const [filter, setFilter] = useLocalPref("positionFilterMargin");
  const [dialog, setDialog] = useState<PositionDialog>();
  const shown = positions.filter((p) => filter === "all" || p.marginMode === filter);
  const copied = useCopySides(positions);
  const px = (v: string | number) =>
    v === "" || Number.isNaN(Number(v))
      ? "—"
      : formatNumber(Number(v).toFixed(market.pricePrecision), intl, {
          minDigits: market.pricePrecision,
          maxDigits: market.pricePrecision,
        });
  const usd = (n: number) => formatNumber(n.toFixed(4), intl, { minDigits: 2, maxDigits: 4 });
  const columns: Array<Column<LivePosition>> = [
    {
      header: t("futures.pos.contract"),
      rowHeader: true,
      cell: (p) => (
        <>
          {p.symbol}{" "}
          <span className={p.holdSide === "long" ? "up" : "down"}>
            {t(`futures.pos.${p.holdSide}`)} {t(`futures.marginMode.${p.marginMode}`)} {t("futures.form.leverageValue", { n: p.leverage })}
          </span>
          {copied.has(`${p.symbol}:${p.holdSide}`) && <CopyMark />}
        </>
      ),
    },
    {
      header: t("futures.pos.size"),
      num: true,
      cell: (p) => `${formatCoin(p.total, market.base, intl)} ${market.base}`,
      testId: () => "position-size",
    },
    { header: t("futures.pos.entry"), num: true, cell: (p) => px(p.openPriceAvg) },
    { header: t("futures.ticker.mark"), num: true, cell: (p) => px(p.mark) },
    // no price liquidates it (a crossed position the account's free balance carries): the gateway says 0, shown as a dash
    {
      header: t("futures.pos.liq"),
      num: true,
      cell: (p) => (Number(p.liquidationPrice) > 0 ? px(p.liquidationPrice) : "—"),
      testId: () => "position-liq",
    },
    {
      header: t("futures.pos.ratio"),
      num: true,
      testId: () => "position-ratio",
      cell: (p) => (
        <>
          {p.ratio === undefined ? "—" : formatPercent(String(p.ratio), intl)}
          {nearLiquidation(p) && (
            <span className="badge warning" data-testid="near-liquidation">
              {t("futures.live.near")}
            </span>
          )}
        </>
      ),
    },
    {
      header: t("futures.pos.margin"),
      num: true,
      cell: (p) => (
        <>
          {p.marginSize ? usd(Number(p.marginSize)) : "—"}
          {p.marginMode === "isolated" && (
            <button
              type="button"
              className="button small"
              onClick={() => setDialog({ kind: "margin", position: p })}
              aria-label={t("futures.pos.adjustMargin")}
            >
              ±
            </button>
          )}
        </>
      ),
    },
    {
      header: t("futures.pos.pnl"),
      num: true,
      cellClass: (p) => `num ${p.pnl >= 0 ? "up" : "down"}`,
      testId: () => "position-pnl",
      cell: (p) => `${usd(p.pnl)} (${p.roe === undefined ? "—" : formatPercent(String(p.roe), intl)})`,
    },
    {
      header: t("futures.pos.tpsl"),
      cell: (p) => (
        <button type="button" className="button small" onClick={() => setDialog({ kind: "tpsl", position: p })} data-testid="position-tpsl">
          {p.takeProfit || p.stopLoss
            ? `${p.takeProfit ? px(p.takeProfit) : "—"} / ${p.stopLoss ? px(p.stopLoss) : "—"}`
            : t("futures.pos.setTpsl")}
        </button>
      ),
    },
    {
      header: t("futures.pos.actions"),
      cellClass: "actions",
      cell: (p) => (
        <>
          <button
            type="button"
            className="button small"
            onClick={() => setDialog({ kind: "closeMarket", position: p })}
            data-testid="close-market"
          >
            {t("futures.pos.closeMarket")}
          </button>
          <button type="button" className="button small" onClick={() => setDialog({ kind: "closeLimit", position: p })}>
            {t("futures.pos.closeLimit")}
          </button>
          <button type="button" className="button small" onClick={() => setDialog({ kind: "reverse", position: p })}>
            {t("futures.pos.reverse")}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <label className="inline-field">
        {t("futures.pos.filter")}{" "}
        <select value={filter} onChange={(e) => setFilter(e.target.value as (typeof MARGIN_FILTERS)[number])}>
          {MARGIN_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(f === "all" ? "futures.pos.filterAll" : `futures.marginMode.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <AsyncTable
        value={view.positions.state === "ready" ? { state: "ready", data: shown } : view.positions}
        empty={t("futures.pos.none")}
        columns={columns}
        rowKey={(p) => `${p.symbol}:${p.holdSide}`}
        testId="positions"
        rowTestId={(p) => `position-${p.symbol}-${p.holdSide}`}
      />
      {dialog && <PositionAction dialog={dialog} market={market} onDone={view.afterAction} onClose={() => setDialog(undefined)} />}
    </>
  );
}

/** The dialogs of a position's actions: close at market or limit, reverse, adjust margin, TP/SL. */
function PositionAction({
  dialog,
  market,
  onDone,
  onClose,
}: {
  dialog: NonNullable<PositionDialog>;
  market: FuturesMarket;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("trade");
  const p = dialog.position;
  const { intl } = usePagePrefs();
  const [hideReverseTip, setHideReverseTip] = useLocalPref("hideReverseTip");
  const [hideTpslTip, setHideTpslTip] = useLocalPref("hideTpslTip");
  const [price, setPrice] = useState("");
  const [size, setSize] = useState(p.available);
  const [amount, setAmount] = useState("");
  const [direction, setDirection] = useState<"add" | "reduce">("add");
  const [tp, setTp] = useState(p.takeProfit);
  const [sl, setSl] = useState(p.stopLoss);
  const base = { symbol: market.symbol, productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN };
  const oneWay = p.posMode !== "hedge_mode";
  const one = (path: string, body: Record<string, string>, done: string): Action => ({ calls: [{ path, body }], done });
  const common = { onDone, onClose };
  const closeSide: Record<string, string> = oneWay
    ? { side: p.holdSide === "long" ? "sell" : "buy", reduceOnly: "YES" }
    : { side: p.holdSide === "long" ? "buy" : "sell", tradeSide: "close" };

  if (dialog.kind === "closeMarket")
    return (
      <ActionDialog
        {...common}
        title={t("futures.pos.closeMarketTitle", { symbol: p.symbol })}
        confirm={t("futures.pos.closeMarket")}
        tone="submit-sell"
        action={() =>
          one(
            MIX.closePositions,
            { symbol: p.symbol, productType: PRODUCT_TYPE, ...(oneWay ? {} : { holdSide: p.holdSide }) },
            t("futures.toast.closed"),
          )
        }
      >
        <p>{t("futures.pos.closeMarketNote", { size: formatCoin(p.total, market.base, intl), coin: market.base })}</p>
      </ActionDialog>
    );
  if (dialog.kind === "reverse")
    return (
      <ActionDialog
        {...common}
        title={t("futures.pos.reverseTitle")}
        confirm={t("futures.pos.reverse")}
        skipLabel={hideReverseTip ? undefined : t("futures.confirm.skipTip")}
        onSkip={() => setHideReverseTip(true)}
        action={() =>
          one(
            MIX.reverse,
            { ...base, size: p.total, side: p.holdSide === "long" ? "buy" : "sell", ...(oneWay ? {} : { tradeSide: "open" }) },
            t("futures.toast.reversed"),
          )
        }
      >
        {!hideReverseTip && <p role="note">{t("futures.pos.reverseTip")}</p>}
        <p>
          {t("futures.pos.reverseNote", {
            size: formatCoin(p.total, market.base, intl),
            coin: market.base,
            side: t(`futures.pos.${p.holdSide === "long" ? "short" : "long"}`),
          })}
        </p>
      </ActionDialog>
    );
  if (dialog.kind === "closeLimit") {
    const ok = isPositiveDecimal(price) && isPositiveDecimal(size) && Number(size) <= Number(p.available);
    return (
      <ActionDialog
        {...common}
        title={t("futures.pos.closeLimitTitle", { symbol: p.symbol })}
        confirm={t("futures.pos.closeLimit")}
        action={() =>
          ok
            ? one(
                MIX.placeOrder,
                {
                  ...base,
                  marginMode: p.marginMode,
                  size,
                  price,
                  orderType: "limit",
                  force: "gtc",
                  ...closeSide,
                  clientOid: newClientOid(),
                },
                t("form.placed"),
              )
            : undefined
        }
      >
        <DecimalInput label={t("form.price")} value={price} onChange={setPrice} />
        <DecimalInput
          label={t("futures.pos.size")}
          value={size}
          onChange={setSize}
          hint={t("futures.form.closable", { size: formatCoin(p.available, market.base, intl), coin: market.base })}
          error={isPositiveDecimal(size) && Number(size) > Number(p.available) ? "trade:errors.futures.closeMore" : undefined}
        />
      </ActionDialog>
    );
  }
  if (dialog.kind === "margin") {
    const ok = isPositiveDecimal(amount);
    return (
      <ActionDialog
        {...common}
        title={t("futures.pos.marginTitle")}
        confirm={t("futures.leverage.save")}
        action={() =>
          ok
            ? one(
                MIX.setMargin,
                { ...base, holdSide: p.holdSide, amount: direction === "add" ? amount : `-${amount}` },
                t("futures.toast.margin"),
              )
            : undefined
        }
      >
        <RadioChoices
          legend={t("futures.pos.marginTitle")}
          values={MARGIN_DIRECTIONS}
          value={direction}
          onChange={setDirection}
          label={(d) => t(`futures.pos.margin_${d}`)}
        />
        <DecimalInput label={t("futures.pos.marginAmount", { coin: MARGIN_COIN })} value={amount} onChange={setAmount} />
      </ActionDialog>
    );
  }
  // TP/SL of the whole position, triggered by the mark price. A changed price replaces what the
  // position shows (the gateway replaces its whole-position one of the kind; one preset on the
  // order is cancelled here), a cleared one is cancelled: never a second pair (docs/decisions/717).
  const changed = (v: string, shown: string) => v !== shown;
  const placeTp = tp !== "" && changed(tp, p.takeProfit);
  const placeSl = sl !== "" && changed(sl, p.stopLoss);
  const dropped = [
    ...(p.takeProfitId && changed(tp, p.takeProfit) ? [p.takeProfitId] : []),
    ...(p.stopLossId && changed(sl, p.stopLoss) ? [p.stopLossId] : []),
  ];
  const entry = Number(p.openPriceAvg);
  // A take-profit lies beyond the entry in the position's favour, a stop-loss on the other side; text
  // that is no price at all is the input's own error.
  const long = p.holdSide === "long";
  const sideError = (v: string, above: boolean, key: string) =>
    !isPositiveDecimal(v) || (above ? Number(v) > entry : Number(v) < entry) ? undefined : `trade:errors.futures.${key}`;
  const tpError = sideError(tp, long, "tpSide");
  const slError = sideError(sl, !long, "slSide");
  const ready =
    (placeTp || placeSl || dropped.length > 0) && [tp, sl].every((v) => v === "" || isPositiveDecimal(v)) && !tpError && !slError;
  return (
    <ActionDialog
      {...common}
      title={t("futures.pos.tpslTitle", { symbol: p.symbol })}
      confirm={t("futures.leverage.save")}
      skipLabel={hideTpslTip ? undefined : t("futures.confirm.skipTip")}
      onSkip={() => setHideTpslTip(true)}
      action={() =>
        !ready
          ? undefined
          : {
              calls: [
                ...(placeTp || placeSl
                  ? [
                      {
                        path: MIX.placePosTpsl,
                        body: {
                          ...base,
                          holdSide: p.holdSide,
                          ...(placeTp ? { stopSurplusTriggerPrice: tp, stopSurplusTriggerType: "mark_price" } : {}),
                          ...(placeSl ? { stopLossTriggerPrice: sl, stopLossTriggerType: "mark_price" } : {}),
                        },
                      },
                    ]
                  : []),
                // after the new ones are in: a whole-position one the gateway already replaced is simply not found
                ...(dropped.length
                  ? [{ path: MIX.cancelPlan, body: { ...base, orderIdList: dropped.map((orderId) => ({ orderId })) } }]
                  : []),
              ],
              done: t("futures.toast.tpsl"),
            }
      }
    >
      {!hideTpslTip && <p role="note">{t("futures.pos.tpslTip")}</p>}
      <DecimalInput label={t("form.takeProfit")} value={tp} onChange={setTp} error={tpError} data-testid="tpsl-tp" />
      <DecimalInput label={t("form.stopLoss")} value={sl} onChange={setSl} error={slError} data-testid="tpsl-sl" />
    </ActionDialog>
  );
}

/** The last column of a table of resting orders: a button that cancels the row's order, named by `label` for a screen reader. */
function cancelColumn<T>(t: TFunction, cancel: (row: T) => Promise<void>, label: (row: T) => string): Column<T> {
  return {
    header: t("futures.pos.actions"),
    cellClass: "actions",
    cell: (row) => (
      <button type="button" className="button small" aria-label={label(row)} onClick={() => void cancel(row)}>
        {t("futures.pos.cancel")}
      </button>
    ),
  };
}

function FuturesOrdersTable({
  orders,
  market,
  onChanged,
}: {
  orders: Async<FuturesOrder[]>;
  market: FuturesMarket;
  onChanged: () => void;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const cancel = async (o: FuturesOrder) => {
    if (
      await postWithToast(
        MIX.cancelOrder,
        { symbol: market.symbol, productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN, orderId: o.orderId },
        { done: t("futures.toast.cancelled"), failed: (msg) => t("futures.toast.failed", { msg }) },
      )
    )
      onChanged();
  };
  const columns: Array<Column<FuturesOrder>> = [
    ...leadColumns(t, intl),
    { header: t("form.price"), num: true, cell: (o) => (o.price ? formatNumber(o.price, intl) : t("form.market")) },
    {
      header: t("futures.pos.size"),
      num: true,
      cell: (o) => `${formatCoin(o.baseVolume, market.base, intl)} / ${formatCoin(o.size, market.base, intl)}`,
    },
    cancelColumn(t, cancel, (o) =>
      t("account.cancelOrder", {
        side: orderSideText(t, o),
        amount: formatCoin(o.size, market.base, intl),
        price: o.price ? formatNumber(o.price, intl) : t("form.market"),
      }),
    ),
  ];
  return <AsyncTable value={orders} empty={t("account.noOpen")} columns={columns} rowKey={(o) => o.orderId} testId="futures-open-orders" />;
}

/** What a plan row is called: a take-profit, a stop-loss, a trailing stop or a trigger order (docs/decisions/717). */
function planKindKey(planType: string | undefined): string {
  if (planType === "pos_profit" || planType === "profit_plan") return "futures.plans.takeProfit";
  if (planType === "pos_loss" || planType === "loss_plan") return "futures.plans.stopLoss";
  if (planType === "moving_plan" || planType === "track_plan") return "futures.plans.trailing";
  return "futures.plans.trigger";
}

function FuturesPlansTable({ plans, market, onChanged }: { plans: readonly PlanOrder[]; market: FuturesMarket; onChanged: () => void }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const cancel = async (p: PlanOrder) => {
    if (
      await postWithToast(MIX.cancelPlan, cancelPlanBody(market.symbol, p.orderId), {
        done: t("futures.toast.cancelled"),
        failed: (msg) => t("futures.toast.failed", { msg }),
      })
    )
      onChanged();
  };
  const columns: Array<Column<PlanOrder>> = [
    { header: t("futures.plans.kind"), rowHeader: true, cell: (p) => t(planKindKey(p.planType)) },
    { header: t("futures.pos.side"), cell: (p) => t(`side.${p.side}`) },
    { header: t("futures.form.trigger"), num: true, cell: (p) => formatNumber(p.triggerPrice, intl) },
    { header: t("futures.pos.size"), num: true, cell: (p) => formatCoin(p.size, market.base, intl) },
    cancelColumn(t, cancel, (p) =>
      t("spot.plans.cancel", {
        side: t(`side.${p.side}`),
        amount: formatCoin(p.size, market.base, intl),
        price: formatNumber(p.triggerPrice, intl),
      }),
    ),
  ];
  if (plans.length === 0) return <p className="muted">{t("spot.plans.none")}</p>;
  return <DataTable rows={plans} columns={columns} rowKey={(p) => p.orderId} className="compact" testId="futures-plans" />;
}

/**
 * "Open long", "Close short"... of an order or fill. In hedge mode Bitget's side is the position's;
 * in one-way mode it is the order's own, so a closing sell closes a long.
 */
export function orderSideText(
  t: (k: string) => string,
  o: { side: string; tradeSide: string; reduceOnly?: string; posMode?: string },
): string {
  const closing = o.tradeSide.startsWith("close") || o.reduceOnly === "YES";
  const long = o.posMode === "hedge_mode" || !closing ? o.side === "buy" : o.side === "sell";
  return t(`futures.form.${closing ? "close" : "open"}${long ? "Long" : "Short"}`);
}

type SidedRow = Parameters<typeof orderSideText>[1] & { cTime: string; source?: string };

/** The first columns of every futures order or fill table: when, then "Open long", "Close short"... */
function leadColumns<T extends SidedRow>(t: TFunction, intl: string): Array<Column<T>> {
  return [
    { header: t("futures.pos.time"), rowHeader: true, cell: (r) => formatTime(Number(r.cTime), intl) },
    {
      header: t("futures.pos.side"),
      cell: (r) => (
        <>
          {orderSideText(t, r)}
          {isCopy(r) && <CopyMark />}
        </>
      ),
    },
  ];
}

/**
 * The newest hundred records of the contract from one of the mix lists, read again when the contract
 * changes; `rows` reads the page; it and `query` are module-level, so the read is not repeated each render.
 */
function useContractRecords<T>(path: string, symbol: string, rows: (page: unknown, symbol: string) => T[], query?: Record<string, string>) {
  const load = useCallback(
    () =>
      browserHttp()
        .get<unknown>(path, { productType: PRODUCT_TYPE, symbol, limit: "100", ...query })
        .then((page) => rows(page, symbol)),
    [path, symbol, rows, query],
  );
  return useAsync(load)[0];
}

const historyRows = (page: unknown) =>
  ((page as { entrustedList?: unknown[] | null } | null)?.entrustedList ?? []).flatMap((r) => futuresOrderOf(r) ?? []);

function FuturesHistory({ market }: { market: FuturesMarket }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const orders = useContractRecords(MIX.ordersHistory, market.symbol, historyRows);
  const columns: Array<Column<FuturesOrder>> = [
    ...leadColumns(t, intl),
    { header: t("futures.pos.avgPrice"), num: true, cell: (o) => (o.priceAvg ? formatNumber(o.priceAvg, intl) : "—") },
    {
      header: t("futures.pos.size"),
      num: true,
      cell: (o) => `${formatCoin(o.baseVolume, market.base, intl)} / ${formatCoin(o.size, market.base, intl)}`,
    },
    { header: t("futures.pos.status"), cell: (o) => o.status },
  ];
  const csv: CsvFile<FuturesOrder> = {
    name: `${market.symbol}-futures-orders`,
    label: t("spot.csv.orders"),
    header: ["time", "orderId", "side", "tradeSide", "type", "price", "priceAvg", "size", "filled", "status"],
    row: (o) => [isoTime(o.cTime), o.orderId, o.side, o.tradeSide, o.orderType, o.price, o.priceAvg, o.size, o.baseVolume, o.status],
  };
  return (
    <CsvTable
      value={orders}
      empty={t("account.noHistory")}
      csv={csv}
      columns={columns}
      rowKey={(o) => o.orderId}
      testId="futures-history"
    />
  );
}

interface MixFill {
  posMode: string;
  tradeId: string;
  orderId: string;
  side: string;
  tradeSide: string;
  price: string;
  baseVolume: string;
  profit: string;
  fee: string;
  cTime: string;
  /** `enterPointSource`: `COPY` for a copy trade's fill. */
  source: string;
}

const FILL_FIELDS = ["posMode", "tradeId", "orderId", "side", "tradeSide", "price", "baseVolume", "profit", "cTime"] as const;

/** Bitget's `fill-history` page as the table's rows; a fill without an id or price is skipped. */
const fillRows = (page: unknown): MixFill[] =>
  ((page as { fillList?: Array<Record<string, unknown>> | null } | null)?.fillList ?? []).flatMap((f): MixFill[] => {
    const fill = Object.fromEntries(FILL_FIELDS.map((k) => [k, typeof f[k] === "string" ? f[k] : ""])) as Omit<MixFill, "fee" | "source">;
    const fee = Array.isArray(f.feeDetail) ? String((f.feeDetail[0] as { totalFee?: unknown } | undefined)?.totalFee ?? "") : "";
    const source = typeof f.enterPointSource === "string" ? f.enterPointSource : "";
    return fill.tradeId && fill.price ? [{ ...fill, fee, source }] : [];
  });

function FuturesFills({ market }: { market: FuturesMarket }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const fills = useContractRecords(MIX.orderFills, market.symbol, fillRows);
  const columns: Array<Column<MixFill>> = [
    ...leadColumns(t, intl),
    { header: t("form.price"), num: true, cell: (f) => formatNumber(f.price, intl) },
    { header: t("futures.pos.size"), num: true, cell: (f) => formatCoin(f.baseVolume, market.base, intl) },
    { header: t("futures.pos.realised"), num: true, cell: (f) => (f.profit ? formatCoin(f.profit, "USDT", intl) : "—") },
    { header: t("futures.form.fee"), num: true, cell: (f) => (f.fee ? formatCoin(f.fee, "USDT", intl) : "—") },
  ];
  const csv: CsvFile<MixFill> = {
    name: `${market.symbol}-futures-trades`,
    label: t("spot.csv.fills"),
    header: ["time", "tradeId", "orderId", "side", "tradeSide", "price", "size", "profit", "fee"],
    row: (f) => [isoTime(f.cTime), f.tradeId, f.orderId, f.side, f.tradeSide, f.price, f.baseVolume, f.profit, f.fee],
  };
  return (
    <CsvTable value={fills} empty={t("account.noFills")} csv={csv} columns={columns} rowKey={(f) => f.tradeId} testId="futures-fills" />
  );
}

type Bill = Pick<LiquidationBill, "billId" | "symbol" | "amount" | "cTime"> & { holdSide?: LiquidationBill["holdSide"] };

/** A position at or past the warning level, by the live ratio or the gateway's last word on it. */
const nearLiquidation = (p: LivePosition) => (p.ratio ?? 0) >= WARN_RATIO || Number(p.marginRatio) >= WARN_RATIO;

/** Account bills of the contract: time, contract, the side when it has one, and the amount. */
function BillTable({
  bills,
  amountHeader,
  empty,
  testId,
  sides = false,
}: {
  bills: Async<Bill[]>;
  amountHeader: string;
  empty: string;
  testId: string;
  /** A column for the position's side (long or short). */
  sides?: boolean;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const columns: Array<Column<Bill>> = [
    { header: t("futures.pos.time"), rowHeader: true, cell: (b) => formatTime(Number(b.cTime), intl) },
    { header: t("futures.pos.contract"), cell: (b) => b.symbol },
    ...(sides ? [{ header: t("futures.pos.side"), cell: (b: Bill) => (b.holdSide ? t(`futures.pos.${b.holdSide}`) : "—") }] : []),
    {
      header: amountHeader,
      num: true,
      cellClass: (b) => `num ${b.amount.startsWith("-") ? "down" : "up"}`,
      cell: (b) => formatCoin(b.amount, "USDT", intl),
    },
  ];
  return <AsyncTable value={bills} empty={empty} columns={columns} rowKey={(b) => b.billId} testId={testId} />;
}

const FUNDING_BILLS = { businessType: FUNDING_BILL };

/** Funding paid and received: the account bills of type `contract_settle_fee` (Bitget's funding settlement). */
function FundingHistory({ market }: { market: FuturesMarket }) {
  const { t } = useTranslation("trade");
  const bills = useContractRecords(MIX.bill, market.symbol, billRows, FUNDING_BILLS);
  return (
    <BillTable
      bills={bills}
      amountHeader={t("futures.pos.fundingAmount", { coin: MARGIN_COIN })}
      empty={t("futures.panels.noFunding")}
      testId="funding-history"
    />
  );
}

/** The contract's liquidations (their bills), kept by the feed and read again after each one. */
function LiquidationHistory({ liquidations }: { liquidations: Async<LiquidationBill[]> }) {
  const { t } = useTranslation("trade");
  return (
    <BillTable
      bills={liquidations}
      amountHeader={`${t("futures.pos.realised")} (${MARGIN_COIN})`}
      empty={t("futures.live.noLiquidations")}
      testId="liquidation-history"
      sides
    />
  );
}
