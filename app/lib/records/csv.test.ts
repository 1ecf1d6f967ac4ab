import { describe, expect, it } from "vitest";
import { recordsCsv } from "./csv";
import { FIELD } from "./fields";
import { coinOf } from "./source";

describe("record CSV and amounts' coins", () => {
  it("writes a spot order's size in the base column, a market buy's in its own quote column", () => {
    const fields = [FIELD.side, FIELD.orderType, FIELD.orderSize, FIELD.filled("baseVolume")];
    const csv = recordsCsv(fields, [
      { side: "buy", orderType: "market", size: "20", baseVolume: "0.0002" },
      { side: "sell", orderType: "market", size: "0.001", baseVolume: "0.001" },
      { side: "buy", orderType: "limit", size: "0.01", baseVolume: "0" },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "side,orderType,size,quoteSize,baseVolume",
      "buy,market,,20,0.0002",
      "sell,market,0.001,,0.001",
      "buy,limit,0.01,,0",
      "",
    ]);
  });

  it("takes an amount's coin from the pair, the row, or the order's kind; a price has none", () => {
    const row = { symbol: "ETHUSDT", side: "buy", orderType: "market", coin: "BTC", feeDetail: { feeCoin: "ETH" } };
    expect(coinOf(row, FIELD.size)).toBe("ETH");
    expect(coinOf(row, FIELD.value("quoteVolume"))).toBe("USDT");
    expect(coinOf(row, FIELD.orderSize)).toBe("USDT");
    expect(coinOf({ ...row, side: "sell" }, FIELD.orderSize)).toBe("ETH");
    expect(coinOf(row, FIELD.amount("size"))).toBe("BTC");
    expect(coinOf(row, FIELD.spotFee)).toBe("ETH");
    expect(coinOf({ symbol: "BTCUSDT" }, FIELD.fee("fee"))).toBe("USDT");
    expect(coinOf(row, FIELD.price)).toBeUndefined();
  });
});
