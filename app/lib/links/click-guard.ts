import { checkLink, normaliseAddress, type LinkPolicy } from "./link-policy";
import { severedRel } from "./open-window";

export type ClickDecision =
  /** Let the browser (or the router) follow the link as it is. */
  | { action: "follow" }
  /** Follow it, with the opener and referrer cut: another origin in a new window. */
  | { action: "follow-severed" }
  /** A brand-owned absolute address: go to its relative form on this site instead. */
  | { action: "route"; to: string }
  | { action: "block"; reason: string };

/** What one activation of a link will do (pure: the DOM part below only carries it out). */
export function decideClick(href: string, newWindow: boolean, policy: LinkPolicy): ClickDecision {
  const verdict = checkLink(href, policy);
  if (!verdict.allowed) return { action: "block", reason: verdict.reason };
  if (verdict.kind === "site" && verdict.href !== normaliseAddress(href)) return { action: "route", to: verdict.href };
  if (newWindow && verdict.kind !== "site") return { action: "follow-severed" };
  return { action: "follow" };
}

const XLINK = "http://www.w3.org/1999/xlink";
const SAME_WINDOW_TARGETS = ["", "_self", "_top", "_parent"];

function linkOf(event: Event): Element | undefined {
  for (const node of event.composedPath()) {
    if (!(node instanceof Element)) continue;
    if ((node.localName === "a" || node.localName === "area") && (node.hasAttribute("href") || node.hasAttributeNS(XLINK, "href")))
      return node;
  }
  return undefined;
}

function opensNewWindow(link: Element, event: MouseEvent): boolean {
  const target = (link.getAttribute("target") ?? "").toLowerCase();
  return !SAME_WINDOW_TARGETS.includes(target) || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey;
}

export interface GuardDeps {
  policy(): LinkPolicy;
  /** The router's navigation, for a brand address made relative. */
  navigate(to: string): void;
}

/**
 * A capture-phase guard on the window: it sees every link activation before the router or any
 * other handler, refuses disallowed addresses with a warning and no navigation, turns brand
 * addresses into relative ones and cuts the opener of new windows on other origins.
 */
export function installClickGuard(target: Pick<Window, "addEventListener" | "removeEventListener">, deps: GuardDeps): () => void {
  const onActivate = (event: Event) => {
    if (!(event instanceof MouseEvent) || event.defaultPrevented) return;
    const link = linkOf(event);
    if (!link) return;
    const href = link.getAttribute("href") ?? link.getAttributeNS(XLINK, "href") ?? "";
    const newWindow = opensNewWindow(link, event);
    const decision = decideClick(href, newWindow, deps.policy());
    switch (decision.action) {
      case "block":
        event.preventDefault();
        event.stopPropagation();
        console.warn(`[links] navigation blocked to ${JSON.stringify(href)}: ${decision.reason}`);
        return;
      case "route":
        if (newWindow) {
          link.setAttribute("href", decision.to);
          return;
        }
        event.preventDefault();
        event.stopPropagation();
        deps.navigate(decision.to);
        return;
      case "follow-severed":
        link.setAttribute("rel", severedRel(link.getAttribute("rel")));
        return;
      case "follow":
        return;
    }
  };
  target.addEventListener("click", onActivate, true);
  target.addEventListener("auxclick", onActivate, true);
  return () => {
    target.removeEventListener("click", onActivate, true);
    target.removeEventListener("auxclick", onActivate, true);
  };
}
