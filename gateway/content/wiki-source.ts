/** One wiki article as written: the coin, its name, a one-line summary and the body (HTML, English). */
export interface WikiSource {
  article: string;
  coin: string;
  name: string;
  summary: string;
  html: string;
}

/** The language every shipped article is written in (docs/decisions/603). */
export const WIKI_SOURCE_LANG = "en";
