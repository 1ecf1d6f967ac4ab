import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { V2 } from "../../protocol/bitget";
import { FeePage } from "~/components/vip/fee-page";
import type { FuturesContract } from "~/lib/futures/contract";
import { MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import { MARGIN_CURRENCIES, marginListingsOf } from "~/lib/margin/api";
import type { SpotSymbol } from "~/lib/trade/market";
import { vipPublicMeta } from "~/lib/vip/meta";
import vipCss from "~/styles/vip.css?url";
import { cachedListing, gatewayReader } from "~/utils/market-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vipCss }];
export const meta = vipPublicMeta("meta.feeTitle", "meta.feeDescription");

/** The pairs of each market, from the listings the trading pages read (kept ten seconds); a listing that fails lists none. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const get = gatewayReader(context, request);
  const [spot, margin, mix] = await Promise.all([
    cachedListing(V2.symbols, () => get<SpotSymbol[]>(V2.symbols)),
    cachedListing(MARGIN_CURRENCIES, () => get<unknown[]>(MARGIN_CURRENCIES)),
    cachedListing(MIX.contracts, () => get<FuturesContract[]>(MIX.contracts, { productType: PRODUCT_TYPE })),
  ]);
  return {
    pairs: {
      spot: spot.ok ? spot.data.map((s) => s.symbol) : [],
      margin: margin.ok ? marginListingsOf(margin.data).flatMap((l) => (l.isBorrowable ? [l.symbol] : [])) : [],
      mix: mix.ok ? mix.data.map((c) => c.symbol) : [],
    },
  };
}

/** The fee schedule (public; on the simulation allow-list, docs/product.md). */
export default function Fee() {
  const { pairs } = useLoaderData<typeof loader>();
  return <FeePage pairs={pairs} />;
}
