import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MarginPage } from "~/components/margin/margin-page";
import { pairPageMeta } from "~/lib/i18n/meta";
import marginCss from "~/styles/margin.css?url";
import tradeCss from "~/styles/trade.css?url";
import { marginPageData } from "./margin-data.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: marginCss },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => marginPageData(context, request, params.symbol ?? "");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pairPageMeta(matches, "margin.", data);

/** A pair on margin: the spot screen's market with a margin order form, risk, loans and interest (docs/product.md). */
export default function Margin() {
  const data = useLoaderData<typeof loader>();
  // A new pair is a new page: every feed and form starts again.
  return <MarginPage key={data.symbol.symbol} data={data} />;
}
