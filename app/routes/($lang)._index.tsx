import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PATHS } from "../../protocol/paths";
import { callGateway } from "~/utils/gateway.server";
import { prefsFromRequest } from "~/utils/prefs.server";

interface Ticker {
  symbol: string;
  lastPr: string;
  change24h: string;
  high24h: string;
  low24h: string;
  quoteVolume: string;
}
interface Rates {
  supported: Array<{ name: string; symbol: string; value: string }>;
  rates: Record<string, string>;
}
interface TdkList {
  list: Array<{ pageCode: string; title: string; description: string; keywords: string }>;
}

const TICKER_REFRESH_MS = 10_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const prefs = prefsFromRequest(request);
  const locale = prefs.language;
  const [tickers, rates, tdk] = await Promise.all([
    callGateway<Ticker[]>(context, request, "/api/v2/spot/market/tickers", { method: "GET", locale }),
    callGateway<Rates>(context, request, PATHS.usdtRate, { body: { locale }, locale }),
    callGateway<TdkList>(context, request, PATHS.tdkQueryList, { body: { locale, pageCodes: ["home"] }, locale }),
  ]);
  return {
    locale: prefs.locale.intl,
    tickers: tickers.ok ? tickers.data : null,
    rates: rates.ok ? rates.data : null,
    tdk: tdk.ok ? tdk.data.list[0] ?? null : null,
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

function formatDecimal(value: string, locale: string, maxDigits = 8): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits }).format(value as unknown as number);
}

function formatChange(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" })
    .format(value as unknown as number);
}

export default function Home() {
  const { tickers, rates, locale } = useLoaderData<typeof loader>();
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

      {tickers && tickers.length > 0 && (
        <section aria-labelledby="markets-title" className="card">
          <h2 id="markets-title">{t("home.marketsTitle")}</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("home.pair")}</th>
                <th scope="col" className="num">{t("home.lastPrice")}</th>
                <th scope="col" className="num">{t("home.change24h")}</th>
                <th scope="col" className="num">{t("home.high24h")}</th>
                <th scope="col" className="num">{t("home.low24h")}</th>
                <th scope="col" className="num">{t("home.volume24h")}</th>
              </tr>
            </thead>
            <tbody>
              {tickers.map((tk) => {
                const up = Number(tk.change24h) >= 0;
                return (
                  <tr key={tk.symbol}>
                    <th scope="row">{tk.symbol}</th>
                    <td className="num">{formatDecimal(tk.lastPr, locale)}</td>
                    <td className={`num ${up ? "up" : "down"}`}>{formatChange(tk.change24h, locale)}</td>
                    <td className="num">{formatDecimal(tk.high24h, locale)}</td>
                    <td className="num">{formatDecimal(tk.low24h, locale)}</td>
                    <td className="num">{formatDecimal(tk.quoteVolume, locale, 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}

      <section aria-labelledby="rates-title" className="card">
        <h2 id="rates-title">{t("home.ratesTitle")}</h2>
        {rates ? (
          <table className="data-table" data-testid="rates-table">
            <thead>
              <tr>
                <th scope="col">{t("home.currency")}</th>
                <th scope="col" className="num">{t("home.rate")}</th>
              </tr>
            </thead>
            <tbody>
              {rates.supported.map((f) => (
                <tr key={f.value}>
                  <th scope="row">
                    <span className="fiat-symbol" aria-hidden="true">{f.symbol}</span> {f.name}
                  </th>
                  <td className="num">{formatDecimal(rates.rates[f.value] ?? "", locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p role="alert" className="notice error">{t("home.unavailable")}</p>
        )}
      </section>
    </div>
  );
}
