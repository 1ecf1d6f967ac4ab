import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSR_REFERENCE_HEADERS } from "../../protocol/headers";
import { LOCALES } from "../../protocol/locales";
import { registerByEmail } from "../setup/accounts";
import { ROOT, startWeb, tempDataDir, type Started } from "../setup/processes";

/**
 * Every page in every locale, as the web server streams it: no NUL byte, valid UTF-8, and the same
 * bytes as React's reference render of the same request (the server sends that render's digest when
 * started with SSR_REFERENCE=on). React 18's Node renderer used to send the unwritten tail of its
 * 2,048-byte buffer when a multi-byte character did not fit in it (docs/decisions/014).
 */

interface Page {
  /** The path without a locale prefix. */
  path: string;
  /** Who asks: pages behind the login are rendered for a logged-in user. */
  as: "guest" | "user";
  status?: number;
  /** A route that only redirects: where to (without the prefix). */
  redirect?: string;
}

/** A page rendered both for a guest and for a logged-in user. */
const forBoth = (path: string): Page[] => [
  { path, as: "guest" },
  { path, as: "user" },
];

/** The account settings pages, a route module each (`($lang).subaccount.setting.<name>.tsx`), for a logged-in user. */
const SETTINGS_PAGES: Record<string, Page[]> = Object.fromEntries(
  ["antiphishing", "api", "devices", "history"].map((name) => [
    `($lang).subaccount.setting.${name}.tsx`,
    [{ path: `/subaccount/setting/${name}`, as: "user" }],
  ]),
);

/** Each page route module of app/routes and the requests that render it. */
const PAGES: Record<string, Page[]> = {
  "$.tsx": [{ path: "/no-such-page", as: "guest", status: 404 }],
  "($lang)._index.tsx": forBoth("/"),
  "($lang).account.newapi.tsx": [{ path: "/account/newapi", as: "user" }],
  "($lang).account.kyc.tsx": [{ path: "/account/kyc", as: "user" }],
  "($lang).asset._index.tsx": [{ path: "/asset", as: "user" }],
  "($lang).asset.spot.tsx": [{ path: "/asset/spot", as: "user" }],
  "($lang).asset.margin.tsx": [{ path: "/asset/margin", as: "user" }],
  "($lang).asset.futures.tsx": [{ path: "/asset/futures", as: "user" }],
  "($lang).asset_.recharge.tsx": [{ path: "/asset/recharge?coin=BTC", as: "user" }],
  "($lang).asset_.withdraw.tsx": [{ path: "/asset/withdraw?coin=USDT", as: "user" }],
  "($lang).copy-trading._index.tsx": forBoth("/copy-trading"),
  "($lang).copy-trading.trader.$id.tsx": [{ path: "/copy-trading/trader/nobody", as: "guest", status: 404 }],
  "($lang).download.tsx": forBoth("/download"),
  "($lang).events._index.tsx": forBoth("/events"),
  "($lang).events.$slug.tsx": forBoth("/events/paper-trading-cup"),
  "($lang).fee.tsx": forBoth("/fee"),
  "($lang).forget.tsx": [{ path: "/forget", as: "guest" }],
  "($lang).futures.usdt.$symbol": [
    { path: "/futures/usdt/BTCUSDT", as: "guest" },
    { path: "/futures/usdt/ETHUSDT", as: "user" },
  ],
  "($lang).login.tsx": [{ path: "/login?redirectTo=%2Fsubaccount", as: "guest" }],
  "($lang).margin.$symbol": [
    { path: "/margin/BTCUSDT", as: "guest" },
    { path: "/margin/ETHUSDT", as: "user" },
  ],
  "($lang).modifyverification.tsx": [{ path: "/modifyverification", as: "user" }],
  "($lang).order.marginOrderInfo.tsx": [{ path: "/order/marginOrderInfo", as: "user" }],
  "($lang).order.mcp.tsx": [{ path: "/order/mcp", as: "user" }],
  "($lang).proof-of-reserves.tsx": forBoth("/proof-of-reserves"),
  "($lang).protection-fund.tsx": [{ path: "/protection-fund", as: "guest" }],
  "($lang).record.copy-trading.tsx": [{ path: "/record/copy-trading", as: "user" }],
  "($lang).record.exchange.tsx": [{ path: "/record/exchange", as: "user" }],
  "($lang).record.margin.tsx": [{ path: "/record/margin", as: "user" }],
  "($lang).record.mcp.tsx": [{ path: "/record/mcp", as: "user" }],
  "($lang).register.tsx": [{ path: "/register", as: "guest" }],
  "($lang).spot.$symbol": [
    { path: "/spot/BTCUSDT", as: "guest" },
    { path: "/spot/ETHUSDT", as: "user" },
  ],
  "($lang).spot._index.tsx": [{ path: "/spot", as: "guest", status: 302, redirect: "/spot/BTCUSDT" }],
  "($lang).subaccount._index.tsx": [{ path: "/subaccount", as: "user" }],
  "($lang).trade-asset.tsx": [{ path: "/trade-asset", as: "user" }],
  "($lang).trade-asset-order.tsx": [{ path: "/trade-asset-order", as: "user" }],
  "($lang).trade-info.$symbol.tsx": forBoth("/trade-info/BTCUSDT"),
  "($lang).trade-margin.$symbol.tsx": forBoth("/trade-margin/BTCUSDT"),
  "($lang).trade-spot.$symbol.tsx": forBoth("/trade-spot/BTCUSDT"),
  "($lang).trade-swap.$symbol.tsx": forBoth("/trade-swap/BTCUSDT"),
  "($lang).transac.tsx": [{ path: "/transac", as: "user" }],
  "($lang).vip.detail.tsx": [{ path: "/vip/detail", as: "user" }],
  "($lang).vip.vipIntroduce.tsx": [{ path: "/vip/vipIntroduce", as: "guest" }],
  ...SETTINGS_PAGES,
  "($lang).wiki.$article.tsx": [
    { path: "/wiki/bitcoin", as: "guest" },
    { path: "/wiki/tether", as: "guest" },
  ],
  "($lang).wiki._index.tsx": [{ path: "/wiki", as: "guest" }],
  "($lang).wiki.page._index.tsx": [{ path: "/wiki/page", as: "guest", status: 301, redirect: "/wiki" }],
  "($lang).wiki.page.$n.tsx": [{ path: "/wiki/page/2", as: "guest" }],
};
/** Route modules every page above renders inside. */
const LAYOUTS = new Set(["($lang).tsx"]);

/** No prefix (the default locale) and each of the 24 locales, the hidden one included. */
const PREFIXES = ["", ...LOCALES.map((l) => `/${l.key}`)];
const ROUTES_DIR = join(ROOT, "app/routes");

function routeSource(entry: string): string {
  const dir = join(ROUTES_DIR, entry, "route.tsx");
  return readFileSync(existsSync(dir) ? dir : join(ROUTES_DIR, entry), "utf8");
}

function withPrefix(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/** A readable account of every NUL in the page: its offset and the text around it. */
function nulsIn(bytes: Buffer): string[] {
  const found: string[] = [];
  for (let at = bytes.indexOf(0); at !== -1; at = bytes.indexOf(0, at + 1)) {
    const around = bytes.subarray(Math.max(0, at - 40), at + 20).toString("utf8");
    found.push(`NUL at byte ${at}: ${JSON.stringify(around)}`);
  }
  return found;
}

describe("server-rendered pages: every route in every locale, streamed bytes equal the reference render", () => {
  let web: Started;
  let userCookie = "";
  const data = tempDataDir();

  beforeAll(async () => {
    web = await startWeb({ DATA_DIR: data.dir, SSR_REFERENCE: "on", REQUEST_LOG: "off" });
    const { c } = await registerByEmail({ url: web.url, dataDir: data.dir }, "ssr-nul@example.com");
    userCookie = c.cookieHeader();
  });
  afterAll(async () => {
    await web.stop();
    data.remove();
  });

  /** What is wrong with one response, or nothing. */
  async function check(page: Page, prefix: string): Promise<string[]> {
    const url = withPrefix(prefix, page.path);
    const headers: Record<string, string> = page.as === "user" ? { cookie: userCookie } : {};
    const res = await fetch(`${web.url}${url}`, { headers, redirect: "manual" });
    const bytes = Buffer.from(await res.arrayBuffer());
    const problems: string[] = [];
    const want = page.status ?? 200;
    if (res.status !== want) problems.push(`status ${res.status}, expected ${want} (location ${res.headers.get("location")})`);
    if (page.redirect) {
      const to = withPrefix(prefix, page.redirect);
      if (res.headers.get("location") !== to) problems.push(`redirects to ${res.headers.get("location")}, expected ${to}`);
      return problems.map((p) => `${url}: ${p}`);
    }
    problems.push(...nulsIn(bytes));
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      problems.push("not valid UTF-8");
    }
    const sha256 = res.headers.get(SSR_REFERENCE_HEADERS.sha256);
    const length = res.headers.get(SSR_REFERENCE_HEADERS.length);
    if (!sha256 || !length) problems.push("no reference render digest");
    else if (createHash("sha256").update(bytes).digest("hex") !== sha256 || String(bytes.length) !== length) {
      problems.push(`differs from the reference render (${bytes.length} bytes streamed, ${length} in the reference)`);
    }
    // The page really is in the prefix's locale (an unknown prefix would render the 404 in English).
    const locale = LOCALES.find((l) => `/${l.key}` === prefix);
    if (locale && !bytes.toString("utf8").includes(`<html lang="${locale.intl}"`)) problems.push(`not rendered in ${locale.key}`);
    return problems.map((p) => `${url} (${page.as}): ${p}`);
  }

  it("knows every page route module in app/routes", () => {
    const modules = readdirSync(ROUTES_DIR).filter((entry) => !entry.includes(".test."));
    // A module with a component is a page (or a layout); a redirect-only one is listed too.
    const pages = modules.filter((entry) => /export default/.test(routeSource(entry)) && !LAYOUTS.has(entry));
    expect(Object.keys(PAGES).filter((entry) => !pages.includes(entry))).toEqual([
      "($lang).spot._index.tsx",
      "($lang).wiki.page._index.tsx",
    ]);
    expect(pages.filter((entry) => !(entry in PAGES))).toEqual([]);
    expect(Object.keys(PAGES).filter((entry) => !modules.includes(entry))).toEqual([]);
  });

  it.each(Object.entries(PAGES))("%s", async (_route, pages) => {
    const problems: string[] = [];
    const queue = pages.flatMap((page) => PREFIXES.map((prefix) => ({ page, prefix })));
    // Two at a time: the machine has two cores, and each page is rendered twice on the server.
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) problems.push(...(await check(next.page, next.prefix)));
    };
    await Promise.all([worker(), worker()]);
    expect(problems).toEqual([]);
  });
});
