import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordsPage } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { futuresOrderSources } from "~/lib/records/futures-sources";
import recordsCss from "~/styles/records.css?url";
import tradeCss from "~/styles/trade.css?url";
import { recordChoices } from "~/utils/record-pairs.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: recordsCss },
];
export const meta = privateMeta("title.orders", "records");
export const loader = ({ request, context }: LoaderFunctionArgs) => recordChoices(context, request, "futures");

/** USDT-M futures open, trigger and TP/SL orders, each cancellable, and their history (docs/decisions/712; on the simulation allow-list). */
export default function FuturesOrders() {
  const { symbols } = useLoaderData<typeof loader>();
  return <RecordsPage page="orders" sources={() => futuresOrderSources(symbols)} />;
}
