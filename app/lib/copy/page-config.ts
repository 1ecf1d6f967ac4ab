/** The copy pages' configuration as the server writes it and the page's bundle reads it (docs/decisions/357). */

/** What the page's bundle reads from the server's HTML (`copy-page`, docs/decisions/357). */
export interface CopyPageConfig {
  env: "live" | "demo";
  /** Futures leads, or spot leads (`?product=spot`, docs/decisions/362). */
  product: "futures" | "spot";
  userId: string | null;
  /** The trader of a profile page; none on the list. */
  traderId: string | null;
  demoOnly: boolean;
  locale: string;
  intl: string;
  prefix: string | null;
}

export const COPY_ROOT_ID = "copy-page";

/** `?demo=1` on the addresses of a demo page, so its links stay in the demo environment. */
export const envQuery = (env: "live" | "demo") => (env === "demo" ? "?demo=1" : "");

/** The configuration back from the element (in the browser). */
export function readCopyConfig(el: HTMLElement): CopyPageConfig {
  const d = el.dataset;
  return {
    env: d.env === "demo" ? "demo" : "live",
    product: d.product === "spot" ? "spot" : "futures",
    userId: d.user || null,
    traderId: d.trader || null,
    demoOnly: d.demoOnly === "1",
    locale: d.locale || "en",
    intl: d.intl || "en",
    prefix: d.prefix || null,
  };
}
