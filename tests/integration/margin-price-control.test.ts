/**
 * A margin liquidation on a price path of the simulated market (docs/decisions/316 addendum,
 * 320): with SIM_PRICE_CONTROL=1 the operator's command pins BTCUSDT's spot fair price and glides
 * it down; the house makers and takers trade there, a leveraged crossed long first gets its margin
 * call on the private stream and is then closed out through the book.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { priceCommand } from "../setup/price-control.ts";
import { webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

type Json = Record<string, unknown>;
const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", SIM_PRICE_CONTROL: "1" });
let key: NewApiKey;
let alice: Client;

beforeAll(() => {
  key = makeKey(web.dir, "mp-alice");
  alice = new Client(web.url, key);
});

describe("spot price control and a margin liquidation", () => {
  it("refuses an unknown market and drives a leveraged long through the margin call to liquidation", async () => {
    expect(priceCommand(web.dir, ["--market", "moon", "--symbol", "BTCUSDT", "--price", "1"]).code).toBe(2);
    await alice.get(V2.assets);
    const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
    ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
    await ws.waitFor((m) => isObj(m) && m.event === "login");
    ws.send({ op: "subscribe", args: [{ instType: "MARGIN", channel: "account-crossed", coin: "default" }] });
    await ws.waitFor((m) => isObj(m) && m.arg?.channel === "account-crossed" && m.action === "snapshot");

    expect(
      (await alice.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", amount: "1000", coin: "USDT" })).body
        .code,
    ).toBe("00000");
    const buy = await alice.post(C.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "market",
      loanType: "autoLoan",
      quoteSize: "2500",
      side: "buy",
    });
    expect(buy.body.code, buy.body.msg).toBe("00000");
    const risk = Number((await alice.get<Json>(C.riskRate)).body.data.riskRateRatio);
    expect(risk).toBeGreaterThan(1.5);
    const last = Number((await alice.get<Json[]>(`${V2.tickers}?symbol=BTCUSDT`)).body.data[0]!.lastPr);
    const r = priceCommand(web.dir, [
      "--market",
      "spot",
      "--symbol",
      "BTCUSDT",
      "--price",
      (last * 0.55).toFixed(2),
      "--rate",
      "3",
      "--wait",
      "10",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ market: "spot", symbol: "BTCUSDT", taken: true });

    const liquidated = await until(
      async () => (await alice.get<{ resultList: Json[] }>(C.liquidationHistory)).body.data.resultList,
      (list) => list.length > 0,
      60_000,
      500,
    );
    expect(liquidated).toHaveLength(1);
    expect(Number(liquidated[0]!.liqRiskRatio)).toBeLessThan(1.1);
    expect(Number((await alice.get<Json[]>(`${V2.tickers}?symbol=BTCUSDT`)).body.data[0]!.lastPr)).toBeLessThan(last * 0.75);
    // the margin call came first, on the stream
    const call = ws.messages.findIndex((m) => isObj(m) && JSON.stringify((m as Msg).data ?? []).includes('"marginCall":true'));
    expect(call).toBeGreaterThanOrEqual(0);
    const usdt = (await alice.get<Json[]>(C.assets)).body.data.find((a) => a.coin === "USDT");
    expect(usdt?.borrow).toBe("0.00000000");
    ws.close();
    expect(priceCommand(web.dir, ["--market", "spot", "--symbol", "BTCUSDT", "--release", "--rate", "50", "--wait", "10"]).code).toBe(0);
  }, 90_000);
});
