/**
 * schema.org JSON-LD of the wiki pages (docs/decisions/605): a BreadcrumbList on every page, an
 * ItemList of the coins on the list, the coin as a FinancialProduct with its price as an Offer, and
 * the FAQ as an FAQPage. URLs are absolute, from the configured public origin.
 */

export interface Crumb {
  name: string;
  url: string;
}

type Json = Record<string, unknown>;

export function breadcrumbList(crumbs: readonly Crumb[]): Json {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
}

export interface PricedCoin {
  name: string;
  coin: string;
  url: string;
  description?: string;
  image?: string;
  /** Plain decimal text in `currency`, or null when no price is known (then no Offer). */
  price: string | null;
  currency: string;
}

/** Offers carry a currency; USDT is no ISO 4217 code, so a USDT price is written as USD, its peg, only when no fiat rate exists. */
function offerOf(price: string, currency: string): Json {
  return { "@type": "Offer", price: roundPrice(price), priceCurrency: currency === "USDT" ? "USD" : currency };
}

/** Prices with at most 8 decimals, trailing zeros dropped, as schema.org wants a plain number. */
function roundPrice(price: string): string {
  const [whole, frac = ""] = price.split(".");
  const cut = frac.slice(0, 8).replace(/0+$/, "");
  return cut ? `${whole}.${cut}` : (whole ?? price);
}

export function financialProduct(c: PricedCoin): Json {
  return {
    "@type": "FinancialProduct",
    name: `${c.name} (${c.coin})`,
    alternateName: c.coin,
    category: "Cryptocurrency",
    url: c.url,
    ...(c.description ? { description: c.description } : {}),
    ...(c.image ? { image: c.image } : {}),
    ...(c.price ? { offers: offerOf(c.price, c.currency) } : {}),
  };
}

export function itemList(name: string, first: number, coins: readonly PricedCoin[]): Json {
  return {
    "@type": "ItemList",
    name,
    numberOfItems: coins.length,
    itemListElement: coins.map((c, i) => ({ "@type": "ListItem", position: first + i, url: c.url, item: financialProduct(c) })),
  };
}

export function faqPage(entries: ReadonlyArray<{ question: string; answer: string }>): Json {
  return {
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({ "@type": "Question", name: e.question, acceptedAnswer: { "@type": "Answer", text: e.answer } })),
  };
}

/** One JSON-LD document of several nodes, safe to put in a `<script>`: `<` is escaped so no text can end it. */
export function jsonLd(nodes: readonly Json[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": nodes }).replace(/</g, "\\u003c");
}
