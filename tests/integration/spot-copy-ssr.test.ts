/**
 * Spot copy trading's pages as the web server answers them (docs/decisions/362): the Futures | Spot
 * switch of `/copy-trading`, the spot list (its first view indexed) with a spot lead that the futures
 * list does not show, a spot lead's profile with its holdings in the reader's locale, server HTML
 * without hydration, and an unknown spot lead a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { SPOT_COPY_PATHS } from "../../protocol/spot-copy.ts";
import { COPY_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { openFutures } from "../setup/futures.ts";
import { startWeb, tempDataDir, type Started } from "../setup/processes";

const data = tempDataDir();
let web: Started;
const page = async (path: string) => {
  const res = await fetch(`${web.url}${path}`);
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir, EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
  const lead = new Client(web.url, makeKey(data.dir, "ssr-spot-lead"));
  expect((await lead.get(V2.assets)).body.code).toBe("00000");
  expect((await lead.post(SPOT_COPY_PATHS.traderApply, { profitShareRatio: "0.05", nickName: "SSR Spot" })).body.code).toBe("00000");
  expect((await lead.post(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "200" })).body.code).toBe("00000");
  // a trader who leads both products (decision 361 allows it)
  const both = await openFutures(new Client(web.url, makeKey(data.dir, "ssr-both-lead")));
  const moved = await both.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" });
  expect(moved.body.code).toBe("00000");
  // one display name for both products (docs/decisions/363): "" on the second application keeps it
  expect((await both.post(COPY_PATHS.traderApply, { profitShareRatio: "0.05", nickName: "Both Ways" })).body.code).toBe("00000");
  expect((await both.post(SPOT_COPY_PATHS.traderApply, { profitShareRatio: "0.05", nickName: "" })).body.code).toBe("00000");
}, 120_000);
afterAll(async () => {
  await web.stop();
  data.remove();
});

describe("spot copy-trading pages", () => {
  it("list spot leads under the Spot switch, indexed in its first view, and not on the futures list", async () => {
    const spot = await page("/copy-trading?product=spot");
    expect(spot.status).toBe(200);
    expect(spot.html).toContain('data-testid="copy-trader-ssr-spot-lead"');
    expect(spot.html).toContain('data-product="spot"');
    expect(spot.html).toMatch(
      /data-testid="copy-product-spot"[^>]*aria-current="true"|aria-current="true"[^>]*data-testid="copy-product-spot"/,
    );
    expect(spot.html).toContain("Spot lead traders");
    // the spot list's first view is indexed, with its own address; a re-sorted view is not
    expect(spot.html).not.toMatch(/<meta name="robots"/);
    expect(spot.html).toMatch(/<meta property="og:url" content="[^"]*\/copy-trading\?product=spot"/);
    expect((await page("/copy-trading?product=spot&sortBy=pnl")).html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(spot.html).toContain("/copy-trading/trader/ssr-spot-lead?product=spot");
    // the period and sort links keep the product
    expect(spot.html).toMatch(/href="\/copy-trading\?period=7&amp;sortBy=roi&amp;product=spot"/);
    expect(spot.html).not.toContain("__remixContext");
    const futures = await page("/copy-trading");
    expect(futures.html).not.toContain("copy-trader-ssr-spot-lead");
    expect(futures.html).not.toMatch(/<meta name="robots"/);
  });

  it("render a spot lead's profile with its holdings in the reader's locale; an unknown spot lead is a 404", async () => {
    const { status, html } = await page("/copy-trading/trader/ssr-spot-lead?product=spot");
    expect(status).toBe(200);
    expect(html).toContain("SSR Spot — spot lead trader");
    expect(html).toContain('data-testid="copy-periods"');
    expect(html).toContain('data-testid="scopy-holdings"');
    expect(html).toContain("ETHUSDT");
    expect(html).toContain("Average buy price");
    const fr = await page("/fr/copy-trading/trader/ssr-spot-lead?product=spot");
    expect(fr.status).toBe(200);
    expect(fr.html).toContain("Avoirs");
    expect(fr.html).toContain("Prix d'achat moyen".replace("'", "&#x27;"));
    const ar = await page("/ar/copy-trading?product=spot");
    expect(ar.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ar.html).toContain("المتداولون الرائدون في السوق الفوري");
    // the spot lead leads no futures: its futures profile is a 404, as an unknown spot lead's
    expect((await page("/copy-trading/trader/ssr-spot-lead")).status).toBe(404);
    expect((await page("/copy-trading/trader/nobody-here?product=spot")).status).toBe(404);
  });

  it("link a trader's futures and spot profiles when it leads both, and keep `?product=spot` in the canonical and hreflang addresses", async () => {
    const spot = await page("/copy-trading/trader/ssr-both-lead?product=spot");
    expect(spot.status).toBe(200);
    expect(spot.html).toMatch(/data-testid="copy-other-profile"[^>]*href="\/copy-trading\/trader\/ssr-both-lead"/);
    expect(spot.html).toContain("Both Ways also leads futures: see the futures profile");
    const futures = await page("/fr/copy-trading/trader/ssr-both-lead");
    expect(futures.status).toBe(200);
    expect(futures.html).toMatch(/data-testid="copy-other-profile"[^>]*href="\/fr\/copy-trading\/trader\/ssr-both-lead\?product=spot"/);
    expect(futures.html).toContain("Both Ways est aussi trader principal en spot : voir le profil spot");
    // a spot-only lead has no futures profile to link
    const only = await page("/copy-trading/trader/ssr-spot-lead?product=spot");
    expect(only.html).not.toContain("copy-other-profile");
    // the spot profile is a page of its own: canonical and alternates keep the product, drop anything else
    const own = (await page("/de/copy-trading/trader/ssr-spot-lead?product=spot&utm=x")).html;
    expect(own).toMatch(/<link rel="canonical" href="[^"]*\/de\/copy-trading\/trader\/ssr-spot-lead\?product=spot"\/>/);
    expect(own).toMatch(/<link rel="alternate" hrefLang="ar-AE" href="[^"]*\/ar\/copy-trading\/trader\/ssr-spot-lead\?product=spot"\/>/);
    expect(own).not.toMatch(/<link rel="(canonical|alternate)"[^>]*utm=x/);
    expect((await page("/copy-trading/trader/ssr-both-lead?utm=x")).html).toMatch(
      /<link rel="canonical" href="[^"]*\/copy-trading\/trader\/ssr-both-lead"\/>/,
    );
  });

  it("list the spot ranking and every live spot lead's profile in the sitemap, in every public locale", async () => {
    const xml = await (await fetch(`${web.url}/sitemap.xml`)).text();
    const locs = new Set(
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
        const u = new URL(m[1]!);
        return u.pathname + u.search;
      }),
    );
    for (const path of [
      "/copy-trading?product=spot",
      "/copy-trading/trader/ssr-spot-lead?product=spot",
      "/copy-trading/trader/ssr-both-lead?product=spot",
    ]) {
      expect(locs.has(path), path).toBe(true);
      for (const l of ["fr", "ar", "zh-CN", "ja"]) expect(locs.has(`/${l}${path}`), `${l}${path}`).toBe(true);
    }
    // futures profiles of futures leads only
    expect(locs.has("/copy-trading/trader/ssr-both-lead")).toBe(true);
    expect(locs.has("/copy-trading/trader/ssr-spot-lead")).toBe(false);
    expect(xml).toMatch(/hreflang="fr-FR" href="[^"]*\/fr\/copy-trading\/trader\/ssr-spot-lead\?product=spot"/);
  });
});
