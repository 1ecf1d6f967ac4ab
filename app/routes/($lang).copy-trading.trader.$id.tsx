import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TraderProfilePage } from "~/components/copy/trader-profile";
import { loadTraderProfile } from "~/lib/copy/page-data.server";
import { BRAND, metaT } from "~/lib/i18n/meta";
import type { PageHandle } from "~/lib/page-handle";
import { spotPageSearch } from "~/lib/copy/api";
import { documentVisit } from "~/lib/wiki/document-visit";

/** Server HTML, its stylesheet inline, and small bundles for what is interactive (docs/decisions/019, 357). */
export const handle: PageHandle = { hydrate: false, inlineCss: true, canonicalSearch: spotPageSearch };
export const clientLoader = documentVisit;

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
    ...(data ? [{ property: "og:url", content: data.origin + location.pathname + (data.product === "spot" ? "?product=spot" : "") }] : []),
    ...(data?.detail && data.env === "live" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

/** /copy-trading/trader/:id: one lead's public profile (docs/product.md §28, docs/decisions/357). */
export default function CopyTrader() {
  const data = useLoaderData<typeof loader>();
  return (
    <TraderProfilePage
      traderId={data.traderId}
      env={data.env}
      product={data.product}
      demoOnly={data.demoOnly}
      leadsOther={data.leadsOther}
      detail={data.detail}
      history={data.history}
      bundles={data.bundles}
    />
  );
}
