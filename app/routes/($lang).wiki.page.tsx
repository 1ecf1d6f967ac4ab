import { useLoaderData } from "@remix-run/react";
import { PriceTable } from "~/components/wiki/price-table";
import { WikiListPage } from "~/components/wiki/wiki-list-page";
import { wikiLinks, wikiListMeta } from "~/lib/wiki/page-head";
import { wikiListLoader } from "~/utils/wiki.server";

export const links = wikiLinks;

export const loader = wikiListLoader("wiki-page");
export const meta = wikiListMeta("prices.title");

/** /wiki/page: the price list of every coin the exchange lists (docs/product.md). */
export default function WikiPrices() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  return (
    <WikiListPage
      titleKey="prices.title"
      leadKey="prices.lead"
      other={{ to: "/wiki", labelKey: "prices.guidesLink" }}
      marketsUp={marketsUp}
    >
      <div className="card table-scroll">
        <PriceTable coins={coins} />
      </div>
    </WikiListPage>
  );
}
