import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PATHS } from "../../protocol/paths";
import { useRootData } from "~/lib/root-data";
import { MarketOverview } from "~/components/home/market-overview";
import { PortfolioCard } from "~/components/home/portfolio-card";
import { RatesCard } from "~/components/home/rates-card";
import { VisitorStart } from "~/components/home/visitor-start";
import { callGateway } from "~/utils/gateway.server";
import { marketOverview } from "~/utils/markets.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import marketsCss from "~/styles/markets.css?url";
import type { PageHandle } from "~/lib/page-handle";

interface TdkList {
  list: Array<{ pageCode: string; title: string; description: string; keywords: string }>;
}

const TICKER_REFRESH_MS = 10_000;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: marketsCss }];

/** The home page renders the market lists' texts besides the shell's: only those are sent (docs/decisions/725). */
export const handle: PageHandle = { i18n: ["markets"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = prefsFromRequest(request).language;
  const [markets, tdk] = await Promise.all([
    marketOverview(context, request),
    callGateway<TdkList>(context, request, PATHS.tdkQueryList, { body: { locale, pageCodes: ["home"] }, locale }),
  ]);
  return {
    markets,
    tdk: tdk.ok ? (tdk.data.list[0] ?? null) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.tdk) return [{ title: "Mix Exchange" }];
  return [
    { title: data.tdk.title },
    { name: "description", content: data.tdk.description },
    { name: "keywords", content: data.tdk.keywords },
  ];
};

/** The next step and the market overview in the main column; the side column (balances, rates) sits where the layout pref says. */
export default function Home() {
  const { markets } = useLoaderData<typeof loader>();
  const user = useRootData()?.user;
  const { t } = useTranslation("common");
  const revalidator = useRevalidator();

  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, TICKER_REFRESH_MS);
    return () => clearInterval(id);
  }, [revalidator]);

  return (
    <div className="home">
      <h1>{t("home.title")}</h1>
      <p className="lead">{t("home.subtitle")}</p>
      <div className="with-side">
        <div className="main-column">
          <VisitorStart loggedIn={!!user} />
          <MarketOverview spot={markets.spot} futures={markets.futures} />
        </div>
        <aside className="side-column" aria-label={t("home.sideLabel")}>
          {user && <PortfolioCard tickers={markets.spot ?? []} />}
          <RatesCard />
        </aside>
      </div>
    </div>
  );
}
