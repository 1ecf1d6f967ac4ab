/**
 * The copy-trading pages as the web server answers them (docs/decisions/357): server HTML without
 * hydration and with its stylesheet inline; the demo environment on the server (`?demo=1`); a lead
 * that exists on demo only gets its profile, never a 404; an unknown trader is still a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  web = await startWeb({ DATA_DIR: data.dir, EXCHANGE_RATE_LIMITS: "off" });
  const demo = await openFutures(new Client(web.url, makeKey(data.dir, "cpd-lead"), { paptrading: "1" }));
  const moved = await demo.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" });
  expect(moved.body.code).toBe("00000");
  expect((await demo.post(COPY_PATHS.traderApply, { profitShareRatio: "0.05" })).body.code).toBe("00000");
}, 120_000);
afterAll(async () => {
  await web.stop();
  data.remove();
});

describe("copy-trading pages", () => {
  it("render a demo-only lead's profile from the server, marked as demo and not indexed", async () => {
    const { status, html } = await page("/copy-trading/trader/cpd-lead");
    expect(status).toBe(200);
    // no display name chosen: the generated one (docs/decisions/363), the id's last six characters
    expect(html).toContain("Trader-PDLEAD — lead trader profile");
    expect(html).toContain('data-testid="copy-periods"');
    expect(html).toContain('data-env="demo"');
    expect(html).toContain("Simulation: these are demo lead traders");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    // the same with the demo environment asked for, in another locale
    const fr = await page("/fr/copy-trading/trader/cpd-lead?demo=1");
    expect(fr.status).toBe(200);
    expect(fr.html).toContain('data-env="demo"');
  });

  it("keep an unknown trader a 404 in both environments", async () => {
    expect((await page("/copy-trading/trader/nobody-here")).status).toBe(404);
    expect((await page("/copy-trading/trader/nobody-here?demo=1")).status).toBe(404);
  });

  it("rank each environment apart: the demo lead only on the demo list, which is not indexed", async () => {
    const live = await page("/copy-trading");
    expect(live.status).toBe(200);
    expect(live.html).not.toContain('data-copy-row="cpd-lead"');
    expect(live.html).not.toMatch(/<meta name="robots"/);
    const demo = await page("/copy-trading?demo=1");
    expect(demo.html).toContain('data-copy-row="cpd-lead"');
    expect(demo.html).toContain('href="/copy-trading/trader/cpd-lead?demo=1"');
    expect(demo.html).toMatch(/<meta name="robots" content="noindex, follow"/);
  });

  it("send server HTML only: no app runtime, no texts in the payload, the stylesheet inline, the page's small bundle", async () => {
    for (const path of ["/copy-trading", "/copy-trading/trader/cpd-lead"]) {
      const { html } = await page(path);
      expect(html).not.toContain("__remixContext");
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).toMatch(/<style nonce="[^"]+">/);
      expect(html).toMatch(/<script type="module" src="\/standalone\/copy-page-[\w-]+\.js"/);
    }
  });
});
