import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { V2 } from "../../protocol/bitget";
import { MIX } from "../../protocol/mix";
import type { FuturesContract } from "~/lib/futures/contract";
import { PRODUCT_TYPE } from "~/lib/futures/api";
import { MARGIN_CURRENCIES, marginListingsOf } from "~/lib/margin/api";
import type { SpotSymbol } from "~/lib/trade/market";
import { cachedListing, gatewayReader } from "./market-page.server";
import { requireUser } from "./user.server";

type Context = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">;

/** What a record page's pair and coin choices list: the market the page's records are of. */
export interface RecordChoices {
  symbols: string[];
  coins: string[];
}

async function spot(context: Context, request: Request): Promise<SpotSymbol[]> {
  const get = gatewayReader(context, request);
  const r = await cachedListing(V2.symbols, () => get<SpotSymbol[]>(V2.symbols));
  return r.ok ? r.data : [];
}

/**
 * A record page's loader (docs/decisions/712): guests go to the login page and come back, a
 * trader gets the pairs (and coins) of the market; a listing the gateway does not answer leaves
 * the choice to "all" rather than failing the page.
 */
export async function recordChoices(context: Context, request: Request, market: "spot" | "futures" | "margin"): Promise<RecordChoices> {
  await requireUser(context, request);
  if (market === "futures") {
    const get = gatewayReader(context, request, { productType: PRODUCT_TYPE });
    const r = await cachedListing(MIX.contracts, () => get<FuturesContract[]>(MIX.contracts));
    return { symbols: r.ok ? r.data.map((c) => c.symbol) : [], coins: [] };
  }
  if (market === "margin") {
    const get = gatewayReader(context, request);
    const r = await cachedListing(MARGIN_CURRENCIES, () => get<unknown[]>(MARGIN_CURRENCIES));
    // an unread listing offers no pairs (the spot list would name pairs margin does not trade)
    return { symbols: r.ok ? marginListingsOf(r.data).flatMap((l) => (l.isBorrowable ? [l.symbol] : [])) : [], coins: [] };
  }
  const pairs = await spot(context, request);
  return { symbols: pairs.map((s) => s.symbol), coins: [...new Set(pairs.flatMap((s) => [s.baseCoin, s.quoteCoin]))].sort() };
}

/** A record route's loader: `recordChoices` of its market. */
export const recordLoader =
  (market: "spot" | "futures" | "margin") =>
  ({ request, context }: LoaderFunctionArgs): Promise<RecordChoices> =>
    recordChoices(context, request, market);
