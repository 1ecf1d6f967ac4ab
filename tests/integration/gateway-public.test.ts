import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDT_FIATS, PATHS } from "../../protocol/paths";
import { LOCALES } from "../../protocol/locales";
import { startGateway, tempDataDir, type Started } from "../setup/processes";

let gw: Started;
const data = tempDataDir();

beforeAll(async () => {
  gw = await startGateway(data.dir);
});
afterAll(async () => {
  expect(await gw.stop()).toBe(0);
  data.remove();
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${gw.url}${path}`, init);
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
  return { res, body: JSON.parse(text) as { code: string; msg: string; requestTime: number; data: any } };
}
const post = (path: string, body?: string, type = "application/json") =>
  call(path, { method: "POST", headers: { "content-type": type }, body });

describe("gateway public calls (a real gateway process)", () => {
  it("usdtRate: the 13 fiats and every locale currency, as decimal strings, with request-time", async () => {
    const before = Date.now();
    const { res, body } = await post(PATHS.usdtRate, JSON.stringify({ locale: "en" }));
    expect(res.status).toBe(200);
    expect(body.code).toBe("00000");
    expect(Number(res.headers.get("request-time"))).toBeGreaterThanOrEqual(before);
    const values = body.data.supported.map((s: { value: string }) => s.value);
    for (const fiat of [...USDT_FIATS, ...LOCALES.map((l) => l.currency)]) {
      expect(values).toContain(fiat);
      expect(body.data.rates[fiat]).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(body.data.rates[fiat])).toBeGreaterThan(0);
    }
    expect(Number(body.data.rates.USD)).toBeCloseTo(1, 2);
  });

  it("getDomainConfigList answers the image domain lists", async () => {
    const { body } = await call(PATHS.domainConfigList);
    expect(body.data.imgDomainConfig).toEqual({ foreignDomainList: [], internalDomainList: [] });
  });

  it("getTdkMltQueryList fills page params and falls back to English for an unknown locale", async () => {
    const { body } = await post(
      PATHS.tdkQueryList,
      JSON.stringify({
        locale: "xx-YY",
        pageCodes: ["spot", "nope"],
        params: { symbol: "ETHUSDT", base: "ETH", quote: "USDT" },
      }),
    );
    expect(body.code).toBe("00000");
    expect(body.data.list).toHaveLength(1);
    expect(body.data.list[0]).toMatchObject({ pageCode: "spot", locale: "en" });
    expect(body.data.list[0].title).toContain("ETH/USDT");
    expect(body.data.list[0].title).not.toContain("{");
    const all = await post(PATHS.tdkQueryList, "{}");
    expect(all.body.data.list.length).toBeGreaterThanOrEqual(10);
  });

  it("getTdkMltQueryList answers a translated locale in its language, with the params filled", async () => {
    const { res, body } = await post(
      PATHS.tdkQueryList,
      JSON.stringify({
        locale: "ja",
        pageCodes: ["wiki-article"],
        params: { name: "Bitcoin", coin: "BTC" },
      }),
    );
    expect(res.status).toBe(200);
    expect(body.code).toBe("00000");
    expect(body.data.list).toHaveLength(1);
    const [tdk] = body.data.list;
    expect(tdk).toMatchObject({ pageCode: "wiki-article", locale: "ja" });
    expect(tdk.title).toBe("Bitcoin (BTC) の今日の価格・チャート・解説 | Mix Exchange");
    expect(tdk.description).toContain("Bitcoin (BTC) とは");
    expect(tdk.keywords).toContain("BTC チャート");
    for (const text of [tdk.title, tdk.description, tdk.keywords]) {
      expect(text).not.toContain("{");
      expect(text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it("clientCommonConfig tells the upload switch and the caller's address", async () => {
    const { body } = await post(PATHS.clientCommonConfig);
    expect(body.data.clientCommonConfig).toEqual({ eventLogUploadSwitch: true, userId: "" });
    expect(body.data.localVo.ip).toBe("127.0.0.1");
  });

  it("answers bad input with envelopes, never a 500", async () => {
    const unknown = await call("/v1/not/a/path");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "40404", data: null });

    const malformed = await post(PATHS.usdtRate, '{"locale": ');
    expect(malformed.res.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "40017", msg: "Malformed JSON body" });

    const wrongType = await post(PATHS.tdkQueryList, JSON.stringify({ pageCodes: "home" }));
    expect(wrongType.res.status).toBe(400);
    expect(wrongType.body.code).toBe("40017");
    expect(wrongType.body.msg).toContain("pageCodes");

    const media = await post(PATHS.usdtRate, "a=1", "application/x-www-form-urlencoded");
    expect(media.res.status).toBe(415);
    expect(media.body.code).toBe("40000");

    const huge = await post(PATHS.usdtRate, JSON.stringify({ locale: "x".repeat(2 * 1024 * 1024) }));
    expect(huge.res.status).toBe(413);
    expect(huge.body.code).toBe("41300");

    const proto = await post(PATHS.tdkQueryList, '{"__proto__": {"polluted": true}, "locale": "ja"}');
    expect(proto.res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const wrongMethod = await call(PATHS.usdtRate);
    expect(wrongMethod.res.status).toBe(404);
    expect(wrongMethod.body.code).toBe("40404");
  });

  it("logs structured JSON lines", () => {
    const listening = gw.logs.map((l) => JSON.parse(l)).find((e) => e.msg === "gateway listening");
    expect(listening).toMatchObject({ service: "gateway", port: gw.port });
  });
});
