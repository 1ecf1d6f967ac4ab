import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TraderProfilePage } from "~/components/copy/trader-profile";
import { loadTraderProfile } from "~/lib/copy/page-data.server";
import { BRAND, metaT } from "~/lib/i18n/meta";
import copyCss from "~/styles/copy.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: copyCss }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadTraderProfile(context, request, params.id ?? "");

export const meta: MetaFunction<typeof loader> = ({ matches, data, location }) => {
  const trader = data?.detail?.traderName ?? data?.traderId ?? "";
  const title = `${metaT(matches, "meta.profileTitle", "copy").replace("{{trader}}", trader)} | ${BRAND}`;
  const description = metaT(matches, "meta.profileDescription", "copy").replace("{{trader}}", trader);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    ...(data ? [{ property: "og:url", content: data.origin + location.pathname }] : []),
    ...(data?.detail ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

/** /copy-trading/trader/:id: one lead's public profile (docs/product.md §28, docs/decisions/357). */
export default function CopyTrader() {
  const data = useLoaderData<typeof loader>();
  return <TraderProfilePage key={data.traderId} traderId={data.traderId} detail={data.detail} history={data.history} />;
}
