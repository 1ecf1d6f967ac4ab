import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WikiList } from "~/components/wiki/wiki-list";
import type { PageHandle } from "~/lib/page-handle";
import { wikiListMeta } from "~/lib/wiki/list-meta";
import { documentVisit } from "~/lib/wiki/document-visit";
import { loadWikiList } from "~/utils/wiki.server";

/** Reading, not an app: server HTML and a few small bundles (docs/decisions/019). */
export const handle: PageHandle = { hydrate: false, inlineCss: true };
export const clientLoader = documentVisit;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadWikiList(context, request, 1);
export const meta = wikiListMeta;

/** /wiki: page 1 of every listed coin's price in the visitor's currency (docs/decisions/605). */
export default function WikiIndex() {
  return <WikiList data={useLoaderData<typeof loader>()} />;
}
