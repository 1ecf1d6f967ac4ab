import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TraderListPage } from "~/components/copy/trader-list";
import { loadTraderList } from "~/lib/copy/page-data.server";
import { BRAND, metaT } from "~/lib/i18n/meta";
import type { PageHandle } from "~/lib/page-handle";
import { spotPageSearch } from "~/lib/copy/api";
import { documentVisit } from "~/lib/wiki/document-visit";

/** Server HTML, its stylesheet inline, and small bundles for what is interactive (docs/decisions/019, 357). */
export const handle: PageHandle = { hydrate: false, inlineCss: true, canonicalSearch: spotPageSearch };
export const clientLoader = documentVisit;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTraderList(context, request);

/** Indexed in its default view; a re-sorted, filtered or later page is crawled, not indexed. */
export const meta: MetaFunction<typeof loader> = ({ matches, data, location }) => {
  const title = `${metaT(matches, "meta.listTitle", "copy")} | ${BRAND}`;
  const description = metaT(matches, "meta.listDescription", "copy");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data
      ? [{ property: "og:url", content: data.origin + location.pathname + (data.params.product === "spot" ? "?product=spot" : "") }]
      : []),
    ...(data && (!data.params.isDefault || data.env === "demo") ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

/** /copy-trading: the ranked lead traders (docs/product.md §28, docs/decisions/357). */
export default function CopyTrading() {
  const data = useLoaderData<typeof loader>();
  return <TraderListPage list={data.list} params={data.params} env={data.env} bundles={data.bundles} />;
}
