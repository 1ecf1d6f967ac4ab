import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WikiList } from "~/components/wiki/wiki-list";
import type { PageHandle } from "~/lib/page-handle";
import { wikiListMeta } from "~/lib/wiki/list-meta";
import { parsePageSegment } from "~/lib/wiki/list-query";
import { documentVisit } from "~/lib/wiki/document-visit";
import { loadWikiList, notFound } from "~/utils/wiki.server";

export const handle: PageHandle = { hydrate: false, inlineCss: true };
export const clientLoader = documentVisit;

/** /wiki/page/{n}: page n of the list; 1 is /wiki, and anything but a page that exists is a 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const page = parsePageSegment(params.n);
  if (page === undefined) throw notFound();
  if (page === 1) {
    const url = new URL(request.url);
    throw redirect(url.pathname.replace(/\/page\/1\/?$/, "") + url.search, 301);
  }
  return loadWikiList(context, request, page);
}

export const meta = wikiListMeta;

export default function WikiListPage() {
  return <WikiList data={useLoaderData<typeof loader>()} />;
}
