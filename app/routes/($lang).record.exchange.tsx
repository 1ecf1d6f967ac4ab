import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordsPage } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { spotSources } from "~/lib/records/spot-sources";
import recordsCss from "~/styles/records.css?url";
import tradeCss from "~/styles/trade.css?url";
import { recordChoices } from "~/utils/record-pairs.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tradeCss },
  { rel: "stylesheet", href: recordsCss },
];
export const meta = privateMeta("title.exchange", "records");
export const loader = ({ request, context }: LoaderFunctionArgs) => recordChoices(context, request, "spot");

/** Spot order history, trade history and bills (docs/decisions/712; on the simulation allow-list). */
export default function SpotRecords() {
  const { symbols, coins } = useLoaderData<typeof loader>();
  return <RecordsPage page="exchange" sources={() => spotSources(symbols, coins)} />;
}
