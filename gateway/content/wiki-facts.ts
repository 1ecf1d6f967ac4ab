/**
 * Facts the wiki shows beside the articles: the circulating supply (rounded, with the month it was
 * read, for a market cap of price × supply) and the hard cap where the protocol has one; and the
 * related coins each article links to. Figures are public network data as of SUPPLY_AS_OF; a coin
 * with no hard cap has `max: null`, shown as "—", never a guess (docs/decisions/605).
 */
export interface WikiFacts {
  /** Coins in circulation, a whole-number string. */
  circulating: string;
  /** The protocol's maximum supply, or null where there is none. */
  max: string | null;
  /** Other article ids, most closely related first. */
  related: readonly string[];
}

/** The month the circulating supplies were read (ISO year-month). */
export const SUPPLY_AS_OF = "2025-11";

export const WIKI_FACTS: Readonly<Record<string, WikiFacts>> = {
  BTC: { circulating: "19950000", max: "21000000", related: ["litecoin", "ethereum", "dogecoin"] },
  ETH: { circulating: "120700000", max: null, related: ["solana", "cardano", "chainlink"] },
  SOL: { circulating: "556000000", max: null, related: ["ethereum", "cardano", "bnb"] },
  XRP: { circulating: "60100000000", max: "100000000000", related: ["bitcoin", "tron", "tether"] },
  DOGE: { circulating: "151500000000", max: null, related: ["litecoin", "bitcoin", "xrp"] },
  ADA: { circulating: "36500000000", max: "45000000000", related: ["ethereum", "solana", "tron"] },
  LTC: { circulating: "76500000", max: "84000000", related: ["bitcoin", "dogecoin", "xrp"] },
  BNB: { circulating: "139200000", max: null, related: ["ethereum", "tron", "solana"] },
  TRX: { circulating: "94700000000", max: null, related: ["tether", "ethereum", "bnb"] },
  LINK: { circulating: "678000000", max: "1000000000", related: ["ethereum", "solana", "cardano"] },
  USDT: { circulating: "184000000000", max: null, related: ["tron", "ethereum", "bitcoin"] },
  // a fixed supply of 2 billion at issue, only ever reduced by burns (1.2 billion after the 2024 burn); part is locked for Morph
  BGB: { circulating: "700000000", max: "2000000000", related: ["bnb", "ethereum", "tether"] },
};
