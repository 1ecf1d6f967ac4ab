/**
 * USDT-M futures on the public stream through the BFF (docs/decisions/314): the spot stream's
 * channels and rules under `instType: "USDT-FUTURES"`, side by side with spot.
 */
import { describe, expect, it } from "vitest";
import { WS_PATHS } from "../../protocol/bitget.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
const FUT = { instType: "USDT-FUTURES", instId: "BTCUSDT" };

describe("futures public stream", () => {
  it("streams ticker with mark, index and funding, trades, candles and books with seq, next to spot", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.public}`);
    c.send({
      op: "subscribe",
      args: [
        { ...FUT, channel: "ticker" },
        { instType: "SPOT", instId: "BTCUSDT", channel: "ticker" },
        { ...FUT, channel: "trade" },
        { ...FUT, channel: "candle1m" },
        { ...FUT, channel: "books5" },
        { ...FUT, channel: "books" },
      ],
    });
    const tk = (await c.waitFor(
      (m) => isObj(m) && m.arg?.channel === "ticker" && m.arg?.instType === "USDT-FUTURES" && m.action === "snapshot",
    )) as Msg;
    const t = tk.data![0] as Record<string, string>;
    expect(Number(t.markPrice)).toBeGreaterThan(0);
    expect(Number(t.indexPrice)).toBeGreaterThan(0);
    expect(t).toHaveProperty("fundingRate");
    expect(t).toHaveProperty("nextFundingTime");
    const spot = (await c.waitFor(
      (m) => isObj(m) && m.arg?.channel === "ticker" && m.arg?.instType === "SPOT" && m.action === "snapshot",
    )) as Msg;
    expect(spot.data![0]).not.toHaveProperty("markPrice");
    const tr = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "trade" && m.action === "update", 8000)) as Msg;
    expect(tr.arg).toMatchObject(FUT);
    const cd = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "candle1m" && m.action === "snapshot")) as Msg;
    expect((cd.data as string[][]).length).toBe(100);
    const b5 = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "books5" && m.action === "snapshot")) as Msg;
    expect((b5.data![0] as { asks: string[][] }).asks).toHaveLength(5);
    const snap = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "books" && m.action === "snapshot")) as Msg;
    const seq0 = (snap.data![0] as { seq: number }).seq;
    const upd = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "books" && m.action === "update", 8000)) as Msg;
    const u = upd.data![0] as { seq: number; pseq: number };
    expect(u.pseq).toBe(seq0);
    expect(u.seq).toBeGreaterThan(seq0);
    c.close();
  });

  it("refuses other product types and unknown contracts", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.public}`);
    // a product type with no contract listed: Bitget's answer for an instId that does not exist (docs/decisions/319)
    c.send({ op: "subscribe", args: [{ instType: "COIN-FUTURES", channel: "ticker", instId: "BTCUSD" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30001);
    c.send({ op: "subscribe", args: [{ instType: "USDT-FUTURES", channel: "ticker", instId: "NOPEUSDT" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30016 && String(m.msg).includes("NOPEUSDT"));
    // a lower-case instType is Bitget's too (docs/decisions/307), and is echoed in Bitget's spelling
    c.send({ op: "subscribe", args: [{ instType: "usdt-futures", channel: "ticker", instId: "ETHUSDT" }] });
    const ok = (await c.waitFor((m) => isObj(m) && m.event === "subscribe")) as Msg;
    expect(ok.arg).toMatchObject({ instType: "USDT-FUTURES", instId: "ETHUSDT" });
    c.close();
  });
});
