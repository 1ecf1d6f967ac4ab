import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CoinCards } from "~/components/wiki/coin-cards";
import { WikiListPage } from "~/components/wiki/wiki-list-page";
import { metaT } from "~/lib/i18n/meta";
import { wikiLinks, wikiMeta } from "~/lib/wiki/page-head";
import { loadWikiList } from "~/utils/wiki.server";

export const links = wikiLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadWikiList(context, request, "wiki");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => wikiMeta(data?.tdk, metaT(matches, "index.title", "wiki"));

/** /wiki: a guide per coin the exchange lists, with its live price (docs/product.md). */
export default function WikiIndex() {
  const { coins, marketsUp } = useLoaderData<typeof loader>();
  return (
    <WikiListPage titleKey="index.title" leadKey="index.lead" other={{ to: "/wiki/page", labelKey: "index.pricesLink" }} marketsUp={marketsUp}>
      <CoinCards coins={coins} />
    </WikiListPage>
  );
}
