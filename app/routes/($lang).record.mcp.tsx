import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordLinks } from "~/components/records/record-links";
import { RecordsPage } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { futuresRecordSources } from "~/lib/records/futures-sources";
import { recordChoices } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.mcp", "records");
export const loader = ({ request, context }: LoaderFunctionArgs) => recordChoices(context, request, "futures");

/** USDT-M futures orders, fills, closed positions and bills with funding (docs/decisions/712; on the simulation allow-list). */
export default function FuturesRecords() {
  const { symbols } = useLoaderData<typeof loader>();
  return <RecordsPage page="mcp" sources={() => futuresRecordSources(symbols)} />;
}
