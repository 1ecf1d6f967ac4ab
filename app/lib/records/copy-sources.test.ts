import { describe, expect, it } from "vitest";
import { COPY_PATHS } from "../../../protocol/copy";
import { SPOT_COPY_PATHS, SPOT_COPY_PUBLIC_PATHS } from "../../../protocol/spot-copy";
import { copyRecordSources, spotCopyRecordSources, visibleCopySources } from "./copy-sources";
import { recordsCsv } from "./csv";
import { parseFilters } from "./filters";

describe("copy statements (docs/decisions/358)", () => {
  const [copies, log, share, tracks] = copyRecordSources(["BTCUSDT", "ETHUSDT"]);

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

  it("lists every copy placed or refused with the refusal's code and words, paged by its cursor alone", () => {
    const f = parseFilters(new URLSearchParams("symbol=BTCUSDT"), { tabs: ["copyLog"], symbols: ["BTCUSDT"] });
    expect(log!.path(f)).toBe(COPY_PATHS.followerCopyRecords);
    // the endpoint takes no pair, window or product type
    expect(log!.query(f)).toEqual({});
    expect(log!.filters).toEqual({ time: false, symbols: [] });
    const answer = {
      recordList: [
        {
          id: "9",
          traderName: "Moon Rider",
          symbol: "BTCUSDT",
          posSide: "long",
          action: "open",
          size: "0.010000",
          status: "refused",
          code: "40762",
          msg: "The order amount exceeds the balance",
          orderId: "",
          cTime: "1767225600000",
        },
      ],
      endId: "9",
    };
    const rows = log!.rows(answer);
    expect(log!.next(answer, rows)).toBe("9");
    expect(recordsCsv(log!.fields, rows).split("\r\n")).toEqual([
      "cTime,traderName,symbol,posSide,action,size,status,code,msg,orderId",
      "2026-01-01T00:00:00.000Z,Moon Rider,BTCUSDT,long,open,0.010000,refused,40762,The order amount exceeds the balance,",
      "",
    ]);
    const [, spotLog] = spotCopyRecordSources(false);
    expect(spotLog!.path(f)).toBe(SPOT_COPY_PATHS.followerCopyRecords);
    expect(recordsCsv(spotLog!.fields, []).split("\r\n")[0]).toBe("cTime,traderName,symbol,side,size,status,code,msg,orderId");
  });

  it("writes each copy's trader, pair, side, prices, times, size, net PnL and profit share to the CSV", () => {
    const csv = recordsCsv(copies!.fields, [
      {
        closeTime: "1767225600000",
        traderName: "Moon Rider",
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
      "closeTime,traderName,symbol,posSide,openPriceAvg,openTime,closePriceAvg,closeSize,netProfit,profitShare,stopType,trackingNo",
      "2026-01-01T00:00:00.000Z,Moon Rider,BTCUSDT,long,90000.0,2025-12-31T23:00:00.000Z,94500.0,0.020000,80.1,8.9,,12",
      "",
    ]);
    expect(recordsCsv(share!.fields, []).split("\r\n")[0]).toBe(
      "profitTime,followerUid,symbol,posSide,openPriceAvg,closePriceAvg,closeSize,profit,trackingNo",
    );
  });
});

describe("spot copy statements and the lead lists by role (docs/decisions/362)", () => {
  const ids = (roles: { futuresLead: boolean; spotLead: boolean } | undefined) => visibleCopySources(["BTCUSDT"], roles).map((s) => s.id);

  it("shows a lead's lists only to a lead of that product, and none before the roles are known", () => {
    expect(ids(undefined)).toEqual(["copies", "copyLog", "spotCopies", "spotCopyLog"]);
    expect(ids({ futuresLead: false, spotLead: false })).toEqual(["copies", "copyLog", "spotCopies", "spotCopyLog"]);
    expect(ids({ futuresLead: true, spotLead: false })).toEqual(["copies", "copyLog", "share", "tracks", "spotCopies", "spotCopyLog"]);
    expect(ids({ futuresLead: false, spotLead: true })).toEqual([
      "copies",
      "copyLog",
      "spotCopies",
      "spotCopyLog",
      "spotShare",
      "spotTracks",
    ]);
  });

  it("reads the spot histories and the spot lead's shares, and writes them to the CSV", () => {
    const [copies, , share, tracks] = spotCopyRecordSources(true);
    const f = parseFilters(new URLSearchParams(""), { tabs: ["spotCopies"] });
    expect(copies!.path(f)).toBe(SPOT_COPY_PATHS.followerHistoryOrders);
    expect(share!.path(f)).toBe(SPOT_COPY_PUBLIC_PATHS.traderProfitHistory);
    expect(tracks!.path(f)).toBe(SPOT_COPY_PATHS.traderHistoryTrack);
    // the spot histories take no window; the shares do
    expect([copies!.filters.time, share!.filters.time, tracks!.filters.time]).toEqual([false, true, false]);
    expect(copies!.query(f)).toEqual({});
    const csv = recordsCsv(copies!.fields, [
      {
        sellTime: "1767225600000",
        traderName: "Moon Rider",
        symbol: "ETHUSDT",
        buyPrice: "3000.00",
        buyTime: "1767222000000",
        sellPrice: "3300.00",
        fillSize: "0.5",
        achievedPL: "149.5",
        profitShare: "14.95",
        netProfit: "134.55",
        stopType: "",
        trackingNo: "9",
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "sellTime,traderName,symbol,buyPrice,buyTime,sellPrice,fillSize,achievedPL,profitShare,netProfit,stopType,trackingNo",
      "2026-01-01T00:00:00.000Z,Moon Rider,ETHUSDT,3000.00,2025-12-31T23:00:00.000Z,3300.00,0.5,149.5,14.95,134.55,,9",
      "",
    ]);
    expect(share!.rows({ profitList: [{ profitId: "4", profit: "1" }], endId: "4" })).toEqual([{ profitId: "4", profit: "1" }]);
    expect(spotCopyRecordSources(false).map((s) => s.id)).toEqual(["spotCopies", "spotCopyLog"]);
  });
});
