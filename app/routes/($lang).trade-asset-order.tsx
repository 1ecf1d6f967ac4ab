import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { V2 } from "../../protocol/bitget";
import { PhoneOrdersPage, type PhoneOrdersData } from "~/components/phone/phone-orders";
import { MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import type { FuturesContract } from "~/lib/futures/contract";
import { privateMeta } from "~/lib/i18n/meta";
import type { SpotSymbol } from "~/lib/trade/market";
import phoneCss from "~/styles/phone.css?url";
import tradeCss from "~/styles/trade.css?url";
import { cachedListing, gatewayReader } from "~/utils/market-page.server";
import { requireUser } from "~/utils/user.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: phoneCss },
];
export const meta = privateMeta("orders.title", "phone");

/**
 * The trader's open orders on a phone (docs/decisions/723): a guest is sent to log in; the server
 * gives the pairs and contracts (public) that name the orders, the browser reads the orders.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PhoneOrdersData> {
  await requireUser(context, request);
  const get = gatewayReader(context, request);
  const [spot, futures] = await Promise.all([
    cachedListing(V2.symbols, () => get<SpotSymbol[]>(V2.symbols)),
    cachedListing(MIX.contracts, () => get<FuturesContract[]>(MIX.contracts, { productType: PRODUCT_TYPE })),
  ]);
  return {
    spot: spot.ok
      ? spot.data.map((s) => ({ symbol: s.symbol, baseCoin: s.baseCoin, quoteCoin: s.quoteCoin, pricePrecision: s.pricePrecision }))
      : [],
    futures: futures.ok
      ? futures.data.map((c) => ({ symbol: c.symbol, baseCoin: c.baseCoin, quoteCoin: c.quoteCoin, pricePlace: c.pricePlace }))
      : [],
  };
}

export default function TradeAssetOrder() {
  return <PhoneOrdersPage data={useLoaderData<typeof loader>()} />;
}
