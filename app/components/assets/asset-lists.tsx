import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { MIX_PRIVATE } from "../../../protocol/mix";
import type { Column } from "~/components/ui/data-table";
import { sumText, worth, type ValuedRow } from "~/lib/assets/overview";
import type { SpotAsset } from "~/lib/assets/valuation";
import { useAsync, type Async } from "~/lib/async-state";
import { PRODUCT_TYPE } from "~/lib/futures/api";
import { futuresPath } from "~/lib/futures/paths";
import { browserHttp } from "~/lib/http/browser-client";
import { marginAssetsOf, marginPaths } from "~/lib/margin/api";
import { marginPath } from "~/lib/margin/paths";
import { spotPath } from "~/lib/trade/paths";
import { useAssetPage } from "./asset-shell";
import { AssetTable } from "./asset-table";

interface Row extends ValuedRow {
  frozen: string;
  /** The isolated pair of a margin row; "" for the crossed account. */
  symbol?: string;
  borrowed?: string;
  interest?: string;
  margin?: string;
  upnl?: string;
}

/** Rows priced at the spot last prices once the tickers are in; a row whose `usdt` the gateway gave keeps it. */
function usePriced(rows: Async<Array<Row & { held?: string }>>): Async<Row[]> {
  const { money } = useAssetPage();
  return useMemo(
    () =>
      rows.state === "ready"
        ? {
            state: "ready",
            data: rows.data.map((r) => (r.held === undefined ? r : { ...r, usdt: worth(r.held, money.prices.get(r.coin)) })),
          }
        : rows,
    [rows, money.prices],
  );
}

const pairOf = (coin: string) => (coin === "USDT" ? undefined : `${coin}USDT`);

/** The columns every list starts with (coin, available, frozen) and ends with (value). */
function useColumns(middle: ReadonlyArray<Column<Row>>): Array<Column<Row>> {
  const { t } = useTranslation("assets");
  const { money } = useAssetPage();
  return [
    { header: t("table.coin"), rowHeader: true, cell: (r) => r.coin },
    ...middle,
    { header: t("table.available"), num: true, cell: (r) => money.amount(r.available, r.coin), testId: (r) => `available-${r.key}` },
    { header: t("table.frozen"), num: true, cell: (r) => money.amount(r.frozen, r.coin) },
    { header: t("table.value"), num: true, cell: (r) => money.money(r.usdt), testId: (r) => `value-${r.key}` },
  ];
}

/** `/asset/spot`: every coin of the spot account. */
export function SpotAssets() {
  const { money, version } = useAssetPage();
  const { prices } = money;
  const load = useCallback(
    () =>
      browserHttp()
        .get<SpotAsset[]>(V2.assets)
        .then((list) =>
          list.map((a): Row => {
            const frozen = sumText([a.frozen, a.locked]);
            return {
              key: a.coin,
              coin: a.coin,
              available: a.available,
              frozen,
              usdt: worth(sumText([a.available, frozen]), prices.get(a.coin)),
            };
          }),
        ),
    // `version` reads the balances again after a transfer
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [prices, version],
  );
  const [rows] = useAsync(load);
  return (
    <AssetTable
      rows={rows}
      columns={useColumns([])}
      testId="spot-assets"
      actions={{ transfer: (r) => ({ from: "spot", to: "usdt_futures", coin: r.coin }), trade: (r) => spotPath(pairOf(r.coin)) }}
    />
  );
}

/** `/asset/margin`: the crossed account's coins and each isolated account's, with what they owe. */
export function MarginAssets() {
  const { t } = useTranslation("assets");
  const { money, version } = useAssetPage();
  const load = useCallback(async () => {
    const http = browserHttp();
    const [crossed, isolated] = await Promise.all([
      http.get<unknown>(marginPaths("crossed").assets),
      http.get<unknown>(marginPaths("isolated").assets),
    ]);
    return [...marginAssetsOf(crossed), ...marginAssetsOf(isolated)].map((a) => ({
      key: `${a.symbol ?? "crossed"}:${a.coin}`,
      coin: a.coin,
      symbol: a.symbol ?? "",
      available: a.available,
      frozen: a.frozen,
      borrowed: a.borrow,
      interest: a.interest,
      usdt: undefined,
      held: a.net,
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const rows = usePriced(useAsync(load)[0]);
  const columns = useColumns([
    {
      header: t("table.account"),
      cell: (r) => (r.symbol ? t("account.isolatedPair", { symbol: r.symbol }) : t("account.crossed_margin")),
    },
    { header: t("table.borrowed"), num: true, cell: (r) => money.amount(r.borrowed ?? "0", r.coin) },
    { header: t("table.interest"), num: true, cell: (r) => money.amount(r.interest ?? "0", r.coin) },
  ]);
  return (
    <AssetTable
      rows={rows}
      columns={columns}
      testId="margin-assets"
      actions={{
        transfer: (r) =>
          r.symbol
            ? { from: "isolated_margin", to: "spot", coin: r.coin, symbol: r.symbol }
            : { from: "crossed_margin", to: "spot", coin: r.coin },
        trade: (r) => marginPath(r.symbol || pairOf(r.coin)),
      }}
    />
  );
}

/** `/asset/futures`: the USDT-M account, its margin in positions and unrealised PnL. */
export function FuturesAssets() {
  const { t } = useTranslation("assets");
  const { money, version } = useAssetPage();
  const load = useCallback(
    () =>
      browserHttp()
        .get<Array<Record<string, string>>>(MIX_PRIVATE.accounts, { productType: PRODUCT_TYPE })
        .then((list) =>
          list.map((a): Row & { held?: string } => ({
            key: a.marginCoin ?? "USDT",
            coin: a.marginCoin ?? "USDT",
            available: a.available ?? "0",
            frozen: a.locked ?? "0",
            margin: sumText([a.crossedMargin, a.isolatedMargin]),
            upnl: a.unrealizedPL ?? "0",
            usdt: a.usdtEquity ?? a.accountEquity,
          })),
        ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const rows = usePriced(useAsync(load)[0]);
  const columns = useColumns([
    { header: t("table.margin"), num: true, cell: (r) => money.amount(r.margin ?? "0", r.coin) },
    {
      header: t("table.upnl"),
      num: true,
      cellClass: (r) => (r.upnl?.startsWith("-") ? "num down" : "num up"),
      cell: (r) => money.amount(r.upnl ?? "0", r.coin),
      testId: (r) => `upnl-${r.key}`,
    },
  ]);
  return (
    <AssetTable
      rows={rows}
      columns={columns}
      testId="futures-assets"
      actions={{ transfer: () => ({ from: "usdt_futures", to: "spot", coin: "USDT" }), trade: () => futuresPath() }}
    />
  );
}
