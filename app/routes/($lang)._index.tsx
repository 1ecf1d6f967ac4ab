import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../protocol/bitget";
import { PATHS } from "../../protocol/paths";
import { useRootData } from "~/lib/root-data";
import { MarketsTable, type MarketTicker } from "~/components/home/markets-table";
import { PortfolioCard } from "~/components/home/portfolio-card";
import { RatesCard } from "~/components/home/rates-card";
import { callGateway } from "~/utils/gateway.server";
import { prefsFromRequest } from "~/utils/prefs.server";

interface TdkList {
  list: Array<{ pageCode: string; title: string; description: string; keywords: string }>;
}

const TICKER_REFRESH_MS = 10_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = prefsFromRequest(request).language;
  const [tickers, tdk] = await Promise.all([
    callGateway<MarketTicker[]>(context, request, V2.tickers, { method: "GET", locale }),
    callGateway<TdkList>(context, request, PATHS.tdkQueryList, { body: { locale, pageCodes: ["home"] }, locale }),
  ]);
  return {
    tickers: tickers.ok ? tickers.data : null,
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

/** Markets in the main column; the side column (balances, rates) sits where the layout pref says. */
export default function Home() {
  const { tickers } = useLoaderData<typeof loader>();
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
          {tickers && tickers.length > 0 ? (
            <MarketsTable tickers={tickers} />
          ) : (
            <p role="alert" className="notice error">
              {t("home.unavailable")}
            </p>
          )}
        </div>
        <aside className="side-column" aria-label={t("home.sideLabel")}>
          {user && <PortfolioCard tickers={tickers ?? []} />}
          <RatesCard />
        </aside>
      </div>
    </div>
  );
}
