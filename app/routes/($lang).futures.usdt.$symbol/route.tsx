import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FuturesPage } from "~/components/futures/futures-page";
import { futuresTickerOf } from "~/lib/futures/api";
import { BRAND, metaT } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import { futuresPageData } from "./futures-data.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeCss }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return futuresPageData(context, request, params.symbol ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: BRAND }];
  const symbol = data.symbol.symbol;
  const last = futuresTickerOf(data.ticker)?.lastPr;
  const title = metaT(matches, "futures.meta.title", "trade").replace("{{symbol}}", symbol);
  return [
    { title: `${last ? `${last} | ` : ""}${title} | ${BRAND}` },
    { name: "description", content: metaT(matches, "futures.meta.description", "trade").replace("{{symbol}}", symbol) },
  ];
};

/** A USDT-M perpetual contract: header, chart, book, trades, the order form and the positions (docs/product.md). */
export default function Futures() {
  const data = useLoaderData<typeof loader>();
  // A new contract is a new page: every feed and form starts again.
  return <FuturesPage key={data.symbol.symbol} data={data} />;
}
