import type { AppLoadContext } from "@remix-run/node";
import { V2 } from "../../protocol/bitget";
import { WIKI_ARTICLE_ID, WIKI_ARTICLE_ID_MAX, WIKI_PATHS, type WikiArticle } from "../../protocol/wiki";
import { chartPaths } from "~/lib/wiki/chart-geometry";
import { formatPrice, parseCandles, type Ticker } from "~/lib/wiki/market-view";
import { SPARK } from "~/lib/wiki/ranges";
import { callGateway } from "./gateway.server";
import en from "~/locales/en/wiki.json";

/**
 * The wiki's share cards (Open Graph / Twitter images, 1200×630 SVG, docs/decisions/605): the coin's
 * name, ticker, USDT price and week, drawn by the server. They are the same in every language (one
 * image per coin for every locale's page, so its words are the English texts) and cached ten minutes.
 */
const W = 1200;
const H = 630;
const escape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function card(title: string, subtitle: string, line: string, price: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#0b1220"/>
<path d="M72 96 96 48l12 24 12-24 24 48" fill="none" stroke="#34d399" stroke-width="8" stroke-linejoin="round"/>
<text x="168" y="92" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#f8fafc">Mix Exchange</text>
<text x="72" y="230" font-family="system-ui,sans-serif" font-size="84" font-weight="700" fill="#f8fafc">${escape(title)}</text>
<text x="72" y="300" font-family="system-ui,sans-serif" font-size="40" fill="#cbd5e1">${escape(subtitle)}</text>
${price ? `<text x="72" y="380" font-family="system-ui,sans-serif" font-size="56" font-weight="600" fill="#f8fafc">${escape(price)}</text>` : ""}
${line ? `<path d="${line}" transform="translate(72 420)" fill="none" stroke="#34d399" stroke-width="6" stroke-linejoin="round"/>` : ""}
</svg>`;
}

function svgResponse(body: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The card of the coin list. */
export function listCard(): Response {
  return svgResponse(card(en.card.listTitle, en.card.listSubtitle, "", ""));
}

/** A coin's card; an id that is not an article is a 404. */
export async function articleCard(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  id: string,
): Promise<Response> {
  if (id.length > WIKI_ARTICLE_ID_MAX || !WIKI_ARTICLE_ID.test(id)) return new Response(null, { status: 404 });
  const res = await callGateway<WikiArticle>(context, request, WIKI_PATHS.article, { body: { article: id } });
  if (!res.ok) return new Response(null, { status: res.status === 404 ? 404 : 503 });
  const { name, coin, symbol } = res.data;
  let price = symbol === null ? "1 USDT" : "";
  let line = "";
  if (symbol) {
    const q = encodeURIComponent(symbol);
    const [ticker, candles] = await Promise.all([
      callGateway<Ticker[]>(context, request, `${V2.tickers}?symbol=${q}`, { method: "GET" }),
      callGateway<unknown>(context, request, `${V2.candles}?symbol=${q}&granularity=${SPARK.granularity}&limit=${SPARK.limit}`, {
        method: "GET",
      }),
    ]);
    const last = ticker.ok ? ticker.data[0]?.lastPr : undefined;
    if (last) price = `${formatPrice(last, "en-US")} USDT`;
    const closes = candles.ok ? parseCandles(candles.data).map((c) => Number(c.close)) : [];
    if (closes.length >= 2)
      line = chartPaths(closes, Math.min(...closes), Math.max(...closes), { width: W - 144, height: 160, pad: 4 }).line;
  }
  return svgResponse(card(name, en.card.coinSubtitle.replace("{{coin}}", coin), line, price));
}
