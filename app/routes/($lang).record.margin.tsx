import { recordLinks } from "~/components/records/record-links";
import { recordRoute } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { MARGIN_MODES, type MarginMode } from "~/lib/margin/api";
import { marginSources } from "~/lib/records/margin-sources";
import { recordLoader } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.margin", "records");
export const loader = recordLoader("margin");

/** Margin orders, fills, borrowings, repayments, interest and liquidations of one mode (docs/decisions/707, 712; on the simulation allow-list). */
export default recordRoute("margin", ({ symbols }, mode) => marginSources(mode as MarginMode, symbols), MARGIN_MODES);
