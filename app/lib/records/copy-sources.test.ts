import { describe, expect, it } from "vitest";
import { COPY_PATHS } from "../../../protocol/copy";
import { copyRecordSources } from "./copy-sources";
import { recordsCsv } from "./csv";
import { parseFilters } from "./filters";

describe("copy statements (docs/decisions/358)", () => {
  const [copies, share, tracks] = copyRecordSources(["BTCUSDT", "ETHUSDT"]);

  it("reads the follower's history, the lead's profit share and the lead's tracks, with the pair as a filter", () => {
    const f = parseFilters(new URLSearchParams("symbol=BTCUSDT"), { tabs: ["copies", "share", "tracks"], symbols: ["BTCUSDT"] });
    expect(copies!.path(f)).toBe(COPY_PATHS.followerHistoryOrders);
    expect(share!.path(f)).toBe(COPY_PATHS.traderProfitHistory);
    expect(tracks!.path(f)).toBe(COPY_PATHS.traderHistoryTrack);
    expect(copies!.query(f)).toEqual({ productType: "USDT-FUTURES", symbol: "BTCUSDT" });
    // profit-history-details takes no product type (Bitget's)
    expect(share!.query(f)).toEqual({ symbol: "BTCUSDT" });
    expect(copies!.filters.time).toBe(true);
    const answer = { profitList: [{ profitId: "7", profit: "1.5" }], endId: "7" };
    expect(share!.rows(answer)).toEqual([{ profitId: "7", profit: "1.5" }]);
    expect(share!.next(answer, share!.rows(answer))).toBe("7");
  });

  it("writes each copy's trader, pair, side, prices, times, size, net PnL and profit share to the CSV", () => {
    const csv = recordsCsv(copies!.fields, [
      {
        closeTime: "1767225600000",
        traderId: "lead-1",
        symbol: "BTCUSDT",
        posSide: "long",
        openPriceAvg: "90000.0",
        openTime: "1767222000000",
        closePriceAvg: "94500.0",
        closeSize: "0.020000",
        netProfit: "80.1",
        profitShare: "8.9",
        stopType: "",
        trackingNo: "12",
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "closeTime,traderId,symbol,posSide,openPriceAvg,openTime,closePriceAvg,closeSize,netProfit,profitShare,stopType,trackingNo",
      "2026-01-01T00:00:00.000Z,lead-1,BTCUSDT,long,90000.0,2025-12-31T23:00:00.000Z,94500.0,0.020000,80.1,8.9,,12",
      "",
    ]);
    expect(recordsCsv(share!.fields, []).split("\r\n")[0]).toBe(
      "profitTime,followerUid,symbol,posSide,openPriceAvg,closePriceAvg,closeSize,profit,trackingNo",
    );
  });
});
