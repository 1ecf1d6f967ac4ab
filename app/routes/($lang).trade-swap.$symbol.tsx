import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhoneSwapPage } from "~/components/phone/phone-swap";
import { futuresTickerOf } from "~/lib/futures/api";
import { BRAND, marketPageMeta } from "~/lib/i18n/meta";
import { phonePaths } from "~/lib/trade/phone-paths";
import phoneCss from "~/styles/phone.css?url";
import tradeCss from "~/styles/trade.css?url";
import { futuresPageData } from "./($lang).futures.usdt.$symbol/futures-data.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: phoneCss },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  futuresPageData(context, request, params.symbol ?? "", phonePaths.swap);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? marketPageMeta(matches, "futures.", data.symbol.symbol, futuresTickerOf(data.ticker)?.lastPr) : [{ title: BRAND }];

/** A USDT-M perpetual on a phone (docs/decisions/723): the futures screen's first paint, a touch layout. */
export default function TradeSwap() {
  const data = useLoaderData<typeof loader>();
  return <PhoneSwapPage key={data.symbol.symbol} data={data} />;
}
