import { recordLinks } from "~/components/records/record-links";
import { recordRoute } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { futuresRecordSources } from "~/lib/records/futures-sources";
import { recordLoader } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.mcp", "records");
export const loader = recordLoader("futures");

/** USDT-M futures orders, fills, closed positions and bills with funding (docs/decisions/712; on the simulation allow-list). */
export default recordRoute("mcp", ({ symbols }) => futuresRecordSources(symbols));
