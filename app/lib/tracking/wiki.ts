import { WIKI_TRACKING } from "../../../protocol/tracking";
import { splitLocale } from "./page-path";

export interface WikiTracking {
  event_tracking_id: string;
  business1: string;
  business2: string;
  /** `article_id` for an article page. */
  ext: { article_id?: string };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * docs/product.md wiki tracking: `/wiki`, `/wiki/page` and `/wiki/page/{n}` are the wiki's index (b6719); any other
 * `/wiki/{article}` is an article (b6720) whose id is that segment. A locale prefix is ignored.
 */
export function wikiTracking(pathname: string): WikiTracking | undefined {
  const { path } = splitLocale(pathname);
  const segments = path.split("/").slice(1);
  if (segments[0] !== "wiki") return undefined;
  const base = { business1: WIKI_TRACKING.business1, business2: WIKI_TRACKING.business2 };
  // The list's later pages (`/wiki/page/2`, docs/decisions/605) are the index as well.
  const listPage = segments.length === 3 && segments[1] === "page" && /^[1-9]\d*$/.test(segments[2] ?? "");
  if (segments.length > 2 && !listPage) return undefined;
  const article = segments[1];
  if (article === undefined || article === "page") {
    return { ...base, event_tracking_id: WIKI_TRACKING.indexId, ext: {} };
  }
  return { ...base, event_tracking_id: WIKI_TRACKING.articleId, ext: { article_id: decode(article) } };
}
