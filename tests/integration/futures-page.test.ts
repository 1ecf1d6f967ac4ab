import { describe, expect, it } from "vitest";
import { startWeb } from "../setup/processes";
import { serverForSuite } from "../setup/suite";

/**
 * The futures screen's first paint through the real web server and its embedded gateway
 * (docs/decisions/705): the header's figures are in the HTML, and every other spelling of a
 * contract is a 301 to its address or a clean 404 — never a 500.
 */
const web = serverForSuite((dir) => startWeb({ DATA_DIR: dir, REQUEST_LOG: "off" }));

async function page(path: string, init: RequestInit = {}) {
  const res = await fetch(`${web.url}${path}`, { redirect: "manual", ...init });
  return { res, html: await res.text() };
}
const figure = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe("the futures screen", () => {
  it("renders the contract's last, mark and index price, funding countdown and open interest on the server", async () => {
    const { res, html } = await page("/futures/usdt/BTCUSDT");
    expect(res.status).toBe(200);
    for (const id of ["last-price", "mark-price", "index-price", "open-interest"]) expect(figure(html, id), id).toMatch(/^[\d,]+(\.\d+)?$/);
    expect(figure(html, "funding-countdown")).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(html).toMatch(/<title>[\d.]+ \| BTCUSDT USDT-M perpetual futures \| Mix Exchange<\/title>/);
    // The book and trades are there for the first paint, as on spot.
    expect(html).toMatch(/tbody aria-label="Buy orders"><tr class="book-row bid"/);
    expect(html).toContain('data-testid="recent-trades"');
  });

  it("serves every listed contract and every locale prefix", async () => {
    for (const path of ["/futures/usdt/ETHUSDT", "/ja/futures/usdt/BTCUSDT", "/ar/futures/usdt/SOLUSDT"]) {
      const { res } = await page(path);
      expect(res.status, path).toBe(200);
    }
  });

  it("sends another casing to the contract's address, keeping the locale and query", async () => {
    const { res } = await page("/de/futures/usdt/btcUsdt?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/\/de\/futures\/usdt\/BTCUSDT\?x=1$/);
  });

  it("answers 404 for what is not a listed contract, whatever its spelling", async () => {
    const bad = [
      "NOPEUSDT",
      "BTCUSD",
      "BTCUSDT_UMCBL",
      "BTC-USDT",
      "%20BTCUSDT",
      "BTCUSDT%00",
      "%E2%80%AEBTCUSDT",
      "..%2F..%2Fetc%2Fpasswd",
      "x".repeat(5000),
      "SBTCSUSDT",
    ];
    for (const symbol of bad) {
      const { res } = await page(`/futures/usdt/${symbol}`);
      expect(res.status, symbol.slice(0, 40)).toBe(404);
    }
    expect((await page("/futures/usdt/")).res.status).toBe(404);
    expect((await page("/futures/coin/BTCUSDT")).res.status).toBe(404);
  });
});
