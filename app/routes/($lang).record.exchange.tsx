import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordLinks } from "~/components/records/record-links";
import { RecordsPage } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { spotSources } from "~/lib/records/spot-sources";
import { recordChoices } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.exchange", "records");
export const loader = ({ request, context }: LoaderFunctionArgs) => recordChoices(context, request, "spot");

/** Spot order history, trade history and bills (docs/decisions/712; on the simulation allow-list). */
export default function SpotRecords() {
  const { symbols, coins } = useLoaderData<typeof loader>();
  return <RecordsPage page="exchange" sources={() => spotSources(symbols, coins)} />;
}
