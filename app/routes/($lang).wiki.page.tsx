import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PriceTable } from "~/components/wiki/price-table";
import { WikiListPage } from "~/components/wiki/wiki-list-page";
import { metaT } from "~/lib/i18n/meta";
import { wikiLinks, wikiMeta } from "~/lib/wiki/page-head";
import { loadWikiList } from "~/utils/wiki.server";

export const links = wikiLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadWikiList(context, request, "wiki-page");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => wikiMeta(data?.tdk, metaT(matches, "prices.title", "wiki"));

/** /wiki/page: the price list of every coin the exchange lists (docs/product.md). */
export default function WikiPrices() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  return (
    <WikiListPage titleKey="prices.title" leadKey="prices.lead" other={{ to: "/wiki", labelKey: "prices.guidesLink" }} marketsUp={marketsUp}>
      <div className="card table-scroll">
        <PriceTable coins={coins} />
      </div>
    </WikiListPage>
  );
}
