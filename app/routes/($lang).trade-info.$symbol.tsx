import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhoneInfoPage } from "~/components/phone/phone-info";
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
  spotPageData(context, request, params.symbol ?? "", phonePaths.info);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pairPageMeta(matches, "", data);

/** A pair's details and 24 h statistics on a phone (docs/decisions/723). */
export default function TradeInfo() {
  const data = useLoaderData<typeof loader>();
  return <PhoneInfoPage key={data.symbol.symbol} data={data} />;
}
