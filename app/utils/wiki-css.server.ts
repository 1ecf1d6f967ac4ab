import themeCss from "~/styles/theme.css?inline";
import globalCss from "~/styles/global.css?inline";
import wikiCss from "~/styles/wiki.css?inline";

/**
 * Every rule a wiki page uses, to be written into its head (docs/decisions/606): about 4 KB
 * compressed, where three blocking stylesheet requests cost a phone on slow 4G a round trip before
 * the first paint. Read on the server only, so no client bundle carries the text.
 */
export const WIKI_CSS: string = themeCss + globalCss + wikiCss;
