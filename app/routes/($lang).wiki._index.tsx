import { useLoaderData } from "@remix-run/react";
import { CoinCards } from "~/components/wiki/coin-cards";
import { WikiListPage } from "~/components/wiki/wiki-list-page";
import { wikiLinks, wikiListMeta } from "~/lib/wiki/page-head";
import { wikiListLoader } from "~/utils/wiki.server";

export const links = wikiLinks;

export const loader = wikiListLoader("wiki");
export const meta = wikiListMeta("index.title");

/** /wiki: a guide per coin the exchange lists, with its live price (docs/product.md). */
export default function WikiIndex() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  return (
    <WikiListPage
      titleKey="index.title"
      leadKey="index.lead"
      other={{ to: "/wiki/page", labelKey: "index.pricesLink" }}
      marketsUp={marketsUp}
    >
      <CoinCards coins={coins} />
    </WikiListPage>
  );
}
