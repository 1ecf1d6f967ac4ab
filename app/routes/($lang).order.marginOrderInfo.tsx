import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { V2 } from "../../protocol/bitget";
import { MarginOrdersPage } from "~/components/margin/margin-records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { MARGIN_CURRENCIES, marginListingsOf } from "~/lib/margin/api";
import type { SpotSymbol } from "~/lib/trade/market";
import tradeCss from "~/styles/trade.css?url";
import { cachedListing, gatewayReader } from "~/utils/market-page.server";
import { requireUser } from "~/utils/user.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeCss }];
export const meta = privateMeta("margin.orders.title", "trade");

/** The pairs to choose from: the margin listing, or every spot pair while the gateway has none. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context, request);
  const get = gatewayReader(context, request);
  const margin = await cachedListing(MARGIN_CURRENCIES, () => get<unknown[]>(MARGIN_CURRENCIES));
  if (margin.ok) return { pairs: marginListingsOf(margin.data).flatMap((l) => (l.isBorrowable ? [l.symbol] : [])) };
  const spot = await cachedListing(V2.symbols, () => get<SpotSymbol[]>(V2.symbols));
  return { pairs: spot.ok ? spot.data.map((s) => s.symbol) : [] };
}

/** Margin orders (docs/product.md; on the simulation allow-list). */
export default function MarginOrderInfo() {
  const { pairs } = useLoaderData<typeof loader>();
  return <MarginOrdersPage pairs={pairs} />;
}
