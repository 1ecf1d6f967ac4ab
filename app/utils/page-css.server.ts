import themeCss from "~/styles/theme.css?inline";
import globalCss from "~/styles/global.css?inline";
import wikiCss from "~/styles/wiki.css?inline";

/**
 * The app's own stylesheets as text, for pages that write them into their head (`handle.inlineCss`,
 * docs/decisions/606): a few KB compressed, where blocking stylesheet requests cost a phone on slow
 * 4G a round trip before the first paint. Read on the server only, so no client bundle carries the text.
 */
export const APP_CSS: string = themeCss + globalCss;

/** Every rule a wiki page uses (about 4 KB compressed). */
export const WIKI_CSS: string = APP_CSS + wikiCss;
