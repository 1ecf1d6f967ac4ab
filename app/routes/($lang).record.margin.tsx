import type { LinksFunction } from "@remix-run/node";
import { MarginRecordsPage } from "~/components/margin/margin-records-page";
import { privateMeta } from "~/lib/i18n/meta";
import tradeCss from "~/styles/trade.css?url";
import { requireUserLoader } from "~/utils/user.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeCss }];
export const meta = privateMeta("margin.records.title", "trade");
export const loader = requireUserLoader;

/** Margin borrowings, repayments, interest and liquidations (docs/product.md; on the simulation allow-list). */
export default function MarginRecord() {
  return <MarginRecordsPage />;
}
