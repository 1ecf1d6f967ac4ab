import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FuturesPage } from "~/components/futures/futures-page";
import { futuresTickerOf } from "~/lib/futures/api";
import { BRAND, marketPageMeta } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import { futuresPageData } from "./futures-data.server";
import type { PageHandle } from "~/lib/page-handle";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeCss }];

/**
 * Only the texts this page and the shell render are sent; the browser loads the rest (docs/decisions/725).
 * A member is also sent those of parts that appear for a member outside a transition: the futures opening step (after the account's read) and the copy marks.
 */
export const handle: PageHandle = {
  criticalCss: "trade",
  i18n: ["trade", "chart", "fund", "phone", "markets"],
  i18nMember: ["futopen", "copyrec"],
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return futuresPageData(context, request, params.symbol ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? marketPageMeta(matches, "futures.", data.symbol.symbol, futuresTickerOf(data.ticker)?.lastPr) : [{ title: BRAND }];

/** A USDT-M perpetual contract: header, chart, book, trades, the order form and the positions (docs/product.md). */
export default function Futures() {
  const data = useLoaderData<typeof loader>();
  // A new contract is a new page: every feed and form starts again.
  return <FuturesPage key={data.symbol.symbol} data={data} />;
}
