import { checkLink, type LinkPolicy } from "./link-policy";
import { pagePolicy } from "./page-policy";

/** The part of `window` a new window needs: where we are, and `open`. */
export interface WindowLike {
  location: { href: string; origin: string };
  open(url: string, target: string, features: string): unknown;
}

/** A rel value with the opener and referrer cut, the tokens already there kept. */
export function severedRel(rel: string | null | undefined): string {
  const tokens = new Set((rel ?? "").toLowerCase().split(/\s+/).filter(Boolean));
  tokens.add("noopener");
  tokens.add("noreferrer");
  return [...tokens].join(" ");
}

/**
 * `window.open` through the allow-list: a refused address opens nothing and warns; a window on
 * another origin never gets a handle on this one (`noopener`, `noreferrer`).
 */
export function openWindow(address: string, opts: { policy?: LinkPolicy; win?: WindowLike } = {}): boolean {
  const win = opts.win ?? (window as unknown as WindowLike);
  const verdict = checkLink(address, opts.policy ?? pagePolicy());
  if (!verdict.allowed) {
    console.warn(`[links] window not opened for ${JSON.stringify(address)}: ${verdict.reason}`);
    return false;
  }
  const target = new URL(verdict.href, win.location.href);
  const foreign = target.origin !== win.location.origin;
  win.open(verdict.kind === "site" ? verdict.href : target.href, "_blank", foreign ? "noopener,noreferrer" : "");
  return true;
}
