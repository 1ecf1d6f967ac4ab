/** The chrome's texts and links for one locale, from the `events` namespace (docs/decisions/800). */
import { localizePath } from "~/lib/i18n/locale-path";
import { futuresPath } from "~/lib/futures/paths";
import { marginPath } from "~/lib/margin/paths";
import { spotPath } from "~/lib/trade/paths";
import type { ChromeLinks, ChromeTexts } from "./chrome-model";

const KEYS = [
  "brand",
  "nav",
  "events",
  "markets",
  "trade",
  "margin",
  "futures",
  "wiki",
  "login",
  "register",
  "assets",
  "subaccounts",
  "signedInAs",
  "uid",
  "legal",
  "legalTitle",
  "close",
  "rights",
] as const;
const LEGAL_PARAGRAPHS = ["legal1", "legal2", "legal3"] as const;

/** `t` looks a key of the `chrome` section up (locale first, English as the fallback). */
export function chromeTexts(t: (key: string) => string): ChromeTexts {
  const texts = Object.fromEntries(KEYS.map((k) => [k, t(k)])) as Omit<ChromeTexts, "legalBody">;
  return { ...texts, legalBody: LEGAL_PARAGRAPHS.map((k) => t(k)) };
}

/** The exchange's pages the chrome links to, under the locale prefix. */
export function chromeLinks(prefix: string | null): ChromeLinks {
  const l = (p: string) => localizePath(p, prefix);
  return {
    home: l("/"),
    events: l("/events"),
    markets: l("/"),
    trade: l(spotPath()),
    margin: l(marginPath()),
    futures: l(futuresPath()),
    wiki: l("/wiki"),
    login: l("/login"),
    register: l("/register"),
    assets: l("/asset"),
    subaccounts: l("/subaccount"),
    account: l("/modifyverification"),
  };
}
