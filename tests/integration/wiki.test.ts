import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { WIKI_PATHS } from "../../protocol/wiki";
import { startGateway, tempDataDir, type Started } from "../setup/processes";

let gw: Started;
const data = tempDataDir();

beforeAll(async () => {
  gw = await startGateway(data.dir, { IMAGE_HOSTS_FOREIGN: "img.mix.example", IMAGE_HOSTS_INTERNAL: "http://127.0.0.1:9" });
});
afterAll(async () => {
  expect(await gw.stop()).toBe(0);
  data.remove();
});

async function post(path: string, body: string, type = "application/json") {
  const res = await fetch(`${gw.url}${path}`, { method: "POST", headers: { "content-type": type }, body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
  return { res, body: (await res.json()) as { code: string; msg: string; data: any } };
}

describe("wiki calls (a real gateway process)", () => {
  it("lists every coin the exchange lists, with its market and an icon on the first image host", async () => {
    const { res, body } = await post(WIKI_PATHS.list, JSON.stringify({ locale: "fr" }));
    expect(res.status).toBe(200);
    expect(body.code).toBe("00000");
    const coins = (await (await fetch(`${gw.url}/api/v2/spot/public/coins`)).json()) as { data: Array<{ coin: string }> };
    expect(body.data.list.map((e: { coin: string }) => e.coin).sort()).toEqual(coins.data.map((c) => c.coin).sort());
    expect(body.data.list[0]).toEqual({
      article: "bitcoin",
      coin: "BTC",
      name: "Bitcoin",
      symbol: "BTCUSDT",
      icon: "https://img.mix.example/coins/btc.svg",
      summary: expect.stringContaining("21 million"),
      lang: "en",
      supply: { circulating: expect.stringMatching(/^\d+$/), max: "21000000", asOf: expect.stringMatching(/^\d{4}-\d{2}$/) },
      related: expect.arrayContaining(["litecoin"]),
    });
  });

  it("serves an article's body with its entry", async () => {
    const { body } = await post(WIKI_PATHS.article, JSON.stringify({ article: "ethereum", locale: "fr" }));
    expect(body.code).toBe("00000");
    expect(body.data).toMatchObject({ article: "ethereum", coin: "ETH", symbol: "ETHUSDT", lang: "en" });
    expect(body.data.html).toContain("Merge");
    const de = await post(WIKI_PATHS.article, JSON.stringify({ article: "ethereum", locale: "de" }));
    expect(de.body.data).toMatchObject({ article: "ethereum", lang: "de" });
    expect(de.body.data.html).toContain("Vom Mining zum Staking");
    const tether = await post(WIKI_PATHS.article, JSON.stringify({ article: "tether" }));
    expect(tether.body.data.symbol).toBeNull();
  });

  it("answers an unknown article with a 404 envelope", async () => {
    const { res, body } = await post(WIKI_PATHS.article, JSON.stringify({ article: "not-a-coin" }));
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ code: "40404", msg: "Wiki article not found: not-a-coin", data: null });
  });

  it("answers bad input with clear envelopes, never a 500", async () => {
    const cases: Array<[string, string, RegExp]> = [
      [WIKI_PATHS.article, "{}", /article/],
      [WIKI_PATHS.article, JSON.stringify({ article: "" }), /article/],
      [WIKI_PATHS.article, JSON.stringify({ article: "Bitcoin" }), /article: must be lowercase/],
      [WIKI_PATHS.article, JSON.stringify({ article: "../etc/passwd" }), /article/],
      [WIKI_PATHS.article, JSON.stringify({ article: "x".repeat(65) }), /article/],
      [WIKI_PATHS.article, JSON.stringify({ article: ["bitcoin"] }), /article/],
      [WIKI_PATHS.list, JSON.stringify({ locale: 5 }), /locale/],
    ];
    for (const [path, payload, msg] of cases) {
      const { res, body } = await post(path, payload);
      expect(res.status, payload).toBe(400);
      expect(body.code, payload).toBe("40017");
      expect(body.msg, payload).toMatch(msg);
    }
    const malformed = await post(WIKI_PATHS.article, '{"article": ');
    expect(malformed.res.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "40017", msg: "Malformed JSON body" });
    const media = await post(WIKI_PATHS.article, "article=bitcoin", "application/x-www-form-urlencoded");
    expect(media.res.status).toBe(415);
    const get = await fetch(`${gw.url}${WIKI_PATHS.article}`);
    expect(get.status).toBe(404);
  });

  it("has SEO texts for the wiki pages, filled with the coin", async () => {
    const { body } = await post(
      PATHS.tdkQueryList,
      JSON.stringify({
        locale: "en",
        pageCodes: ["wiki", "wiki-page", "wiki-article"],
        params: { name: "Solana", coin: "SOL" },
      }),
    );
    expect(body.data.list.map((t: { pageCode: string }) => t.pageCode)).toEqual(["wiki", "wiki-page", "wiki-article"]);
    const article = body.data.list[2];
    expect(article.title).toBe("Solana (SOL) price today, chart and guide | Mix Exchange");
    expect(`${article.title}${article.description}${article.keywords}`).not.toContain("{");
  });
});
