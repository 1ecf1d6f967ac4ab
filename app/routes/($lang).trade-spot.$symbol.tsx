import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhoneSpotPage } from "~/components/phone/phone-spot";
import { pairPageMeta } from "~/lib/i18n/meta";
import { phonePaths } from "~/lib/trade/phone-paths";
import phoneCss from "~/styles/phone.css?url";
import tradeCss from "~/styles/trade.css?url";
import { spotPageData } from "./($lang).spot.$symbol/spot-data.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: phoneCss },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  spotPageData(context, request, params.symbol ?? "", phonePaths.spot);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pairPageMeta(matches, "", data);

/** A spot pair on a phone (docs/decisions/723): the spot screen's first paint, a touch layout. */
export default function TradeSpot() {
  const data = useLoaderData<typeof loader>();
  return <PhoneSpotPage key={data.symbol.symbol} data={data} />;
}
