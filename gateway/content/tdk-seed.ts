/**
 * SEO title / description / keywords per page (docs/protocol.md §11.3 getTdkMltQueryList). English is the
 * source; other locales live in tdk-locales.ts. `{symbol}`, `{base}`, `{quote}`, `{article}`,
 * `{name}` (a coin's name) and `{coin}` (its ticker) are filled from the request's params.
 */
export interface Tdk {
  title: string;
  description: string;
  keywords: string;
}

export const TDK_PAGES = [
  "home",
  "markets",
  "spot",
  "futures",
  "wiki",
  "wiki-page",
  "wiki-article",
  "events",
  "fee",
  "vip",
  "asset",
] as const;
export type TdkPage = (typeof TDK_PAGES)[number];

/** One locale's texts for every page. */
export type TdkTexts = Record<TdkPage, Tdk>;

export const TDK_EN: TdkTexts = {
  home: {
    title: "Mix Exchange | Buy, sell and trade Bitcoin and crypto",
    description:
      "Trade Bitcoin, Ethereum and other crypto on spot, margin and USDT-M futures markets with deep liquidity, low fees and a risk-free demo mode.",
    keywords: "crypto exchange, bitcoin, ethereum, spot trading, futures, margin, demo trading",
  },
  markets: {
    title: "Crypto markets: live prices and 24h change | Mix Exchange",
    description: "Live prices, 24-hour change and volume for every spot and futures market on Mix Exchange.",
    keywords: "crypto prices, market overview, bitcoin price, altcoin prices",
  },
  spot: {
    title: "{base}/{quote} spot trading: live price and chart | Mix Exchange",
    description:
      "Buy and sell {base} for {quote} with limit, market and trigger orders. Live {symbol} order book, trades and candlestick chart.",
    keywords: "{base} price, {symbol}, buy {base}, sell {base}, {base} chart",
  },
  futures: {
    title: "{symbol} USDT-M perpetual futures | Mix Exchange",
    description: "Trade {symbol} perpetual futures with USDT margin, take-profit and stop-loss orders and a live funding rate.",
    keywords: "{symbol} futures, perpetual, USDT-M, leverage trading",
  },
  wiki: {
    title: "Crypto price wiki: what every coin is and what it costs | Mix Exchange",
    description: "Plain-language guides to the major cryptocurrencies with their live price, market data and history.",
    keywords: "crypto wiki, coin guide, crypto price, what is bitcoin",
  },
  "wiki-page": {
    title: "Crypto prices today: every coin listed | Mix Exchange",
    description:
      "Live prices, 24-hour change, volume, market cap and 7-day charts of every coin listed on Mix Exchange, with a guide to each.",
    keywords: "crypto prices, coin prices today, bitcoin price, ethereum price, USDT prices",
  },
  "wiki-article": {
    title: "{name} ({coin}) price today, chart and guide | Mix Exchange",
    description:
      "What {name} ({coin}) is and how it works, with its live price, 24-hour change, volume, market cap, price chart and a converter.",
    keywords: "{name} price, {coin} price, {coin} chart, what is {name}, {name} guide",
  },
  events: {
    title: "Events and campaigns | Mix Exchange",
    description: "Current trading competitions, rewards and campaigns on Mix Exchange.",
    keywords: "crypto events, trading competition, rewards",
  },
  fee: {
    title: "Trading fees | Mix Exchange",
    description: "Maker and taker fees for spot, margin and futures trading at every VIP level.",
    keywords: "trading fees, maker fee, taker fee, VIP fees",
  },
  vip: {
    title: "VIP program | Mix Exchange",
    description: "VIP levels, the volumes and balances that qualify and the fee discounts they bring.",
    keywords: "VIP, fee discount, trading volume",
  },
  asset: {
    title: "Assets | Mix Exchange",
    description: "Your balances across spot, margin and futures accounts and their valuation.",
    keywords: "crypto assets, balance, valuation",
  },
};
