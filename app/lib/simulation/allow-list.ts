import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { spotPath } from "~/lib/trade/paths";

/** The only paths reachable in simulation mode (docs/product.md), a locale prefix allowed in front. */
export const SIMULATION_EXACT_PATHS = [
  "/fee",
  "/vip/detail",
  "/vip/vipIntroduce",
  "/asset",
  "/asset/spot",
  "/asset/margin",
  "/asset/futures",
  "/download",
  "/proof-of-reserves",
  "/protection-fund",
  "/modifyverification",
] as const;

export const SIMULATION_PATH_PREFIXES = [
  "/account/newapi",
  "/spot/",
  "/margin/",
  "/futures/",
  "/transac",
  "/order/marginOrderInfo",
  "/order/mcp",
  "/record/exchange",
  "/record/margin",
  "/record/mcp",
  "/record/copy-trading",
  "/subaccount/setting/antiphishing",
  "/subaccount/setting/devices",
  "/subaccount/setting/history",
  "/subaccount/setting/api",
  "/trade-spot",
  "/trade-margin",
  "/trade-swap",
  "/trade-info",
  "/trade-asset-order",
  "/trade-asset",
  "/copy-trading",
] as const;

/** Whether a page may be shown in simulation mode. */
export function allowedInSimulation(pathname: string): boolean {
  const { rest } = splitLocalePath(pathname);
  return (SIMULATION_EXACT_PATHS as readonly string[]).includes(rest) || SIMULATION_PATH_PREFIXES.some((p) => rest.startsWith(p));
}

/** Where simulation mode sends a page that is not allowed: the default spot page, same locale. */
export function simulationHome(pathname: string): string {
  return localizePath(spotPath(), splitLocalePath(pathname).prefix);
}

/** The local-storage item of the mode (`simulationFlag` in the http module writes it; "1" is on). */
const FLAG_ITEM = "common:simulation";

/**
 * For a page without the app's scripts (the wiki, the events site: docs/decisions/716): a line for
 * its head that sends it to the default spot page when the mode is on, as the simulation guard does
 * on every other page; null when the page is allowed. `<` is escaped so the path cannot end the script.
 */
export function simulationRedirectScript(pathname: string): string | null {
  if (allowedInSimulation(pathname)) return null;
  const to = JSON.stringify(simulationHome(pathname)).replace(/</g, "\\u003c");
  return `try{if(localStorage.getItem(${JSON.stringify(FLAG_ITEM)})==="1")location.replace(${to})}catch(e){}`;
}

export type FlagReaction = { kind: "reload" } | { kind: "redirect"; to: string };

/**
 * docs/product.md, another tab changed the flag: turned on, this page reloads if it is allowed, else
 * goes to the default spot page; turned off, it reloads.
 */
export function reactToFlagChange(on: boolean, pathname: string): FlagReaction {
  if (on && !allowedInSimulation(pathname)) return { kind: "redirect", to: simulationHome(pathname) };
  return { kind: "reload" };
}
