import { recordLinks } from "~/components/records/record-links";
import { recordRoute } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { futuresOrderSources } from "~/lib/records/futures-sources";
import { recordLoader } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title.orders", "records");
export const loader = recordLoader("futures");

/** USDT-M futures open, trigger and TP/SL orders, each cancellable, and their history (docs/decisions/712; on the simulation allow-list). */
export default recordRoute("orders", ({ symbols }) => futuresOrderSources(symbols));
