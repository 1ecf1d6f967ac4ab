import { recordLinks } from "~/components/records/record-links";
import { recordRoute } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { spotSources } from "~/lib/records/spot-sources";
import { recordLoader } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.exchange", "records");
export const loader = recordLoader("spot");

/** Spot order history, trade history and bills (docs/decisions/712; on the simulation allow-list). */
export default recordRoute("exchange", ({ symbols, coins }) => spotSources(symbols, coins));
