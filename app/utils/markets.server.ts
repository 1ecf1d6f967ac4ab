import type { AppLoadContext } from "@remix-run/node";
import { V2 } from "../../protocol/bitget";
import { MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import { contractBase, openInterestUsdt, type MarketKind, type OverviewRow, type Spark } from "~/lib/markets/overview";
import { chartPaths } from "~/lib/wiki/chart-geometry";
import { parseCandles } from "~/lib/wiki/market-view";
import { callGateway, type GatewayResult } from "~/utils/gateway.server";
import { cachedListing } from "~/utils/market-page.server";
import { cacheKey, TtlCache } from "~/utils/ttl-cache.server";

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">;

interface Listed {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  /** Spot: `openTime`; futures: `launchTime` (ms as text, or empty). */
  openTime?: string;
  launchTime?: string;
}
interface TickerRow {
  symbol: string;
  lastPr: string;
  change24h: string;
  quoteVolume: string;
  fundingRate?: string;
  holdingAmount?: string;
}

/** The sparkline: the last day in hourly candles. */
export const SPARK = { hours: 24, spot: "1h", futures: "1H", box: { width: 96, height: 28, pad: 2 } } as const;

/*
 * Public answers the overview is drawn from, kept a short while in this process as the wiki's are
 * (docs/decisions/606, 722): the same for every visitor, never a failure. The page asks again every
 * ten seconds in the browser, so tickers are kept two seconds and the sparklines a minute.
 */
export const MARKET_CACHES = {
  tickers: new TtlCache<GatewayResult<TickerRow[]>>({ ttlMs: 2_000, maxEntries: 2 }),
  sparks: new TtlCache<Spark | null>({ ttlMs: 60_000, maxEntries: 256 }),
};

const isOk = (r: GatewayResult<unknown>) => r.ok && Array.isArray(r.data);
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
const str = (v: unknown): string | undefined => (typeof v === "string" && DECIMAL.test(v) ? v : undefined);

function get<T>(context: Ctx, request: Request, path: string, query: Record<string, string>): Promise<GatewayResult<T>> {
  const qs = new URLSearchParams(query).toString();
  return callGateway<T>(context, request, qs ? `${path}?${qs}` : path, { method: "GET" });
}

/** A day of closes as a small line, or null when the gateway has too few candles. */
export function sparkOf(rows: unknown): Spark | null {
  const closes = parseCandles(rows).map((c) => Number(c.close));
  if (closes.length < 2) return null;
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  const first = closes[0] as number;
  const last = closes[closes.length - 1] as number;
  return { line: chartPaths(closes, low, high, SPARK.box).line, trend: last > first ? "up" : last < first ? "down" : "flat" };
}

function spark(context: Ctx, request: Request, kind: MarketKind, symbol: string): Promise<Spark | null> {
  return MARKET_CACHES.sparks.get(
    cacheKey(kind, symbol),
    async () => {
      const res =
        kind === "spot"
          ? await get<unknown>(context, request, V2.candles, { symbol, granularity: SPARK.spot, limit: String(SPARK.hours) })
          : await get<unknown>(context, request, MIX.candles, {
              symbol,
              productType: PRODUCT_TYPE,
              granularity: SPARK.futures,
              limit: String(SPARK.hours),
            });
      return res.ok ? sparkOf(res.data) : null;
    },
    (s) => s !== null,
  );
}

/** One kind's rows: every listed market with its ticker (a market without one is left out) and its sparkline. */
export function overviewRows(
  kind: MarketKind,
  listed: readonly Listed[],
  tickers: readonly TickerRow[],
  sparks: ReadonlyMap<string, Spark | null>,
) {
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  const rows: OverviewRow[] = [];
  listed.forEach((l, listOrder) => {
    const t = bySymbol.get(l.symbol);
    const lastPr = str(t?.lastPr);
    if (!t || !lastPr) return;
    const listedAt = Number(kind === "spot" ? l.openTime : l.launchTime);
    const row: OverviewRow = {
      kind,
      symbol: l.symbol,
      baseCoin: l.baseCoin || contractBase(l.symbol) || l.symbol,
      quoteCoin: l.quoteCoin,
      lastPr,
      change24h: str(t.change24h) ?? "0",
      quoteVolume: str(t.quoteVolume) ?? "0",
      listedAt: Number.isSafeInteger(listedAt) && listedAt > 0 ? listedAt : 0,
      listOrder,
    };
    if (kind === "futures") {
      const funding = str(t.fundingRate);
      const oi = openInterestUsdt(str(t.holdingAmount), lastPr);
      if (funding) row.fundingRate = funding;
      if (oi) row.openInterest = oi;
    }
    const s = sparks.get(l.symbol);
    if (s) row.spark = s;
    rows.push(row);
  });
  return rows;
}

async function kindRows(context: Ctx, request: Request, kind: MarketKind): Promise<OverviewRow[] | null> {
  const spot = kind === "spot";
  const [listed, tickers] = await Promise.all([
    spot
      ? cachedListing(V2.symbols, () => get<Listed[]>(context, request, V2.symbols, {}))
      : cachedListing(MIX.contracts, () => get<Listed[]>(context, request, MIX.contracts, { productType: PRODUCT_TYPE })),
    MARKET_CACHES.tickers.get(
      cacheKey(kind),
      () => get<TickerRow[]>(context, request, spot ? V2.tickers : MIX.tickers, spot ? {} : { productType: PRODUCT_TYPE }),
      isOk,
    ),
  ]);
  if (!listed.ok || !tickers.ok || !Array.isArray(listed.data) || !Array.isArray(tickers.data)) return null;
  const sparks = new Map(
    await Promise.all(listed.data.map(async (l) => [l.symbol, await spark(context, request, kind, l.symbol)] as const)),
  );
  return overviewRows(kind, listed.data, tickers.data, sparks);
}

/** Both kinds' rows for the home page; a kind the gateway cannot give now is null (the page says so). */
export async function marketOverview(
  context: Ctx,
  request: Request,
): Promise<{ spot: OverviewRow[] | null; futures: OverviewRow[] | null }> {
  const [spot, futures] = await Promise.all([kindRows(context, request, "spot"), kindRows(context, request, "futures")]);
  return { spot, futures };
}
