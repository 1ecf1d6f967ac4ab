import { recordLinks } from "~/components/records/record-links";
import { recordRoute } from "~/components/records/records-page";
import { privateMeta } from "~/lib/i18n/meta";
import { copyRecordSources } from "~/lib/records/copy-sources";
import { recordLoader } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title", "copyrec");
export const loader = recordLoader("futures");

/** Copy-trading statements: the follower's copies, the lead's profit share and tracks (docs/decisions/358; on the simulation allow-list). */
export default recordRoute("copy", ({ symbols }) => copyRecordSources(symbols));
