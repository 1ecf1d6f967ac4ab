import { describe, expect, it } from "vitest";
import { argKey } from "./stream-types";

describe("subscription keys", () => {
  it("keep spot keys as they were and tell a futures channel from the spot one of the same pair", () => {
    expect(argKey({ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" })).toBe("ticker:BTCUSDT");
    expect(argKey({ channel: "ticker", instId: "BTCUSDT" })).toBe("ticker:BTCUSDT");
    expect(argKey({ instType: "USDT-FUTURES", channel: "ticker", instId: "BTCUSDT" })).toBe("USDT-FUTURES/ticker:BTCUSDT");
    expect(argKey({ instType: "USDT-FUTURES", channel: "positions", instId: "default" })).not.toBe(
      argKey({ channel: "positions", instId: "default" }),
    );
  });
});
