/**
 * A forced liquidation on the private stream, through the BFF (docs/decisions/313, 314, 316, 706):
 * the price control drives BTCUSDT's mark through a 100x isolated long's warning zone to its
 * liquidation. What the futures screen reads from the pushes must hold: the positions list comes
 * again with a `marginRatio` of at least 0.8 before the liquidation, then without the position, and
 * no fill of the trader's comes for it; the liquidation is the trader's bill.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { openFutures } from "../setup/futures.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { steerFuturesPrice } from "../setup/price-control.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", SIM_PRICE_CONTROL: "1" });
const BTC = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" };
const FUT = "USDT-FUTURES";
/** BTCUSDT's first risk tier keeps 0.4 % of the notional as maintenance margin. */
const MMR = 0.004;
let key: NewApiKey;
let trader: Client;

beforeAll(async () => {
  key = makeKey(web.dir, "fls-trader");
  trader = await openFutures(new Client(web.url, key));
  expect((await trader.get(V2.assets)).body.code).toBe("00000");
  const t = await trader.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" });
  expect(t.body.code).toBe("00000");
});

afterAll(() => steerFuturesPrice(web.dir, "BTCUSDT", "release", 100));

const positionsLists = (ws: WsClient) =>
  ws.messages.filter((m): m is Msg => isObj(m) && m.arg?.channel === "positions" && m.arg?.instType === FUT);

describe("a forced liquidation on the private stream", () => {
  it("warns with the positions list, then drops the position with no fill of the trader's, and bills it", async () => {
    expect((await trader.post(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "isolated" })).body.code).toBe("00000");
    expect((await trader.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "100" })).body.code).toBe("00000");
    const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
    ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
    await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    // as the screen does: fill before positions, so a commit's fills come before its list
    ws.send({
      op: "subscribe",
      args: ["account", "fill", "positions", "orders"].map((channel) =>
        channel === "account" ? { instType: FUT, channel, coin: "default" } : { instType: FUT, channel, instId: "default" },
      ),
    });
    await ws.waitFor((m) => isObj(m) && m.arg?.channel === "positions" && m.action === "snapshot");

    const opened = await trader.post(MIX_PRIVATE.placeOrder, {
      ...BTC,
      marginMode: "isolated",
      size: "0.05",
      side: "buy",
      orderType: "market",
    });
    expect(opened.body.code).toBe("00000");
    const withPosition = (m: Msg | string) =>
      isObj(m) && m.arg?.channel === "positions" && (m.data ?? []).some((d) => (d as { holdSide?: string }).holdSide === "long");
    await ws.waitFor(withPosition);
    // the open's fills came before the list that shows the position
    const firstList = ws.messages.findIndex(withPosition);
    expect(ws.messages.slice(0, firstList).some((m) => isObj(m) && m.arg?.channel === "fill" && m.action === "update")).toBe(true);

    const pos = await trader.get<Array<Record<string, string>>>(`${MIX_PRIVATE.allPosition}?productType=USDT-FUTURES&marginCoin=USDT`);
    const liq = Number(pos.body.data.find((p) => p.symbol === "BTCUSDT")!.liquidationPrice);
    const warnAt = (liq * (1 - MMR)) / (1 - 1.25 * MMR);
    steerFuturesPrice(web.dir, "BTCUSDT", warnAt * 1.002, 1);
    for (let i = 0; i < 40; i++) {
      const t = await trader.get<Array<Record<string, string>>>(`${MIX.symbolPrice}?symbol=BTCUSDT&productType=USDT-FUTURES`);
      if (Number(t.body.data[0]!.markPrice) < warnAt * 1.003) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const beforeGlide = ws.messages.length;
    steerFuturesPrice(web.dir, "BTCUSDT", liq * 0.99, 0.02);

    const gone = (m: Msg | string) =>
      isObj(m) && m.arg?.channel === "positions" && ws.messages.indexOf(m) > beforeGlide && !withPosition(m);
    await ws.waitFor(gone, 40_000);
    const lists = positionsLists(ws);
    const lastIndex = ws.messages.findIndex(gone);
    const listsBefore = lists.filter((m) => ws.messages.indexOf(m) < lastIndex && withPosition(m));
    // the warning: a list whose long carries a margin ratio of at least 0.8, before the liquidation
    const ratios = listsBefore.flatMap((m) => (m.data ?? []).map((d) => Number((d as { marginRatio?: string }).marginRatio)));
    expect(Math.max(...ratios)).toBeGreaterThanOrEqual(0.8);
    // between the last list with the position and the one without, no fill of the trader's
    const lastWith = ws.messages.indexOf(listsBefore.at(-1)!);
    expect(ws.messages.slice(lastWith, lastIndex).filter((m) => isObj(m) && m.arg?.channel === "fill")).toEqual([]);
    // the account moved with it
    expect(ws.messages.slice(lastWith).some((m) => isObj(m) && m.arg?.channel === "account")).toBe(true);

    const bills = await trader.get<{ bills: Array<Record<string, string>> }>(
      `${MIX_PRIVATE.bills}?productType=USDT-FUTURES&symbol=BTCUSDT&businessType=burst_long_loss_query&limit=10`,
    );
    expect(bills.body.code).toBe("00000");
    expect(bills.body.data.bills).toHaveLength(1);
    expect(Number(bills.body.data.bills[0]!.amount)).toBeLessThan(0);
    ws.close();
  });
});
