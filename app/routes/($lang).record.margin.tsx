import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { recordLinks } from "~/components/records/record-links";
import { RecordsPage } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { MARGIN_MODES, type MarginMode } from "~/lib/margin/api";
import { marginSources } from "~/lib/records/margin-sources";
import { recordChoices } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.margin", "records");
export const loader = ({ request, context }: LoaderFunctionArgs) => recordChoices(context, request, "margin");

/** Margin orders, fills, borrowings, repayments, interest and liquidations of one mode (docs/decisions/707, 712; on the simulation allow-list). */
export default function MarginRecord() {
  const { symbols } = useLoaderData<typeof loader>();
  return <RecordsPage page="margin" modes={MARGIN_MODES} sources={(mode) => marginSources(mode as MarginMode, symbols)} />;
}
