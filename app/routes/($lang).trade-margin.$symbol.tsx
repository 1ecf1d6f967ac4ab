import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhoneMarginPage } from "~/components/phone/phone-margin";
import { pairPageMeta } from "~/lib/i18n/meta";
import { phonePaths } from "~/lib/trade/phone-paths";
import marginCss from "~/styles/margin.css?url";
import phoneCss from "~/styles/phone.css?url";
import tradeCss from "~/styles/trade.css?url";
import { marginPageData } from "./($lang).margin.$symbol/margin-data.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: marginCss },
  { rel: "stylesheet", href: phoneCss },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  marginPageData(context, request, params.symbol ?? "", phonePaths.margin);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pairPageMeta(matches, "margin.", data);

/** A pair on margin on a phone (docs/decisions/723): the margin screen's first paint, a touch layout. */
export default function TradeMargin() {
  const data = useLoaderData<typeof loader>();
  return <PhoneMarginPage key={data.symbol.symbol} data={data} />;
}
