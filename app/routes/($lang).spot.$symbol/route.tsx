import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pairPageMeta } from "~/lib/i18n/meta";
import { SpotPage } from "~/components/trade/spot-page";
import tradeCss from "~/styles/trade.css?url";
import { spotPageData } from "./spot-data.server";
import type { PageHandle } from "~/lib/page-handle";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeCss }];

/**
 * Only the texts this page and the shell render are sent; the browser loads the rest (docs/decisions/725).
 * A member is also sent those of parts that appear for a member outside a transition: the order summary's fee coin row, on a keystroke.
 */
export const handle: PageHandle = {
  criticalCss: "trade",
  i18n: ["trade", "chart", "fund", "phone", "markets"],
  i18nMember: ["gtfees"],
};

export const loader = ({ request, context, params }: LoaderFunctionArgs) => spotPageData(context, request, params.symbol ?? "");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pairPageMeta(matches, "", data);

/** A spot market: chart, book, trades, the order panel and the user's orders (docs/product.md). */
export default function Spot() {
  const data = useLoaderData<typeof loader>();
  // A new pair is a new page: every feed and form starts again.
  return <SpotPage key={data.symbol.symbol} data={data} />;
}
