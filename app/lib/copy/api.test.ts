import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http/errors";
import { copyErrorKey, listQuery, percentToRatio, readListParams, traderPagePath } from "./api";

describe("copy-trading page addresses", () => {
  it("reads period, sort and page from the address, anything else as the default", () => {
    expect(readListParams(new URLSearchParams(""))).toEqual({ period: "30", sortBy: "roi", pageNo: 1, isDefault: true });
    expect(readListParams(new URLSearchParams("period=7&sortBy=aum&page=3"))).toEqual({
      period: "7",
      sortBy: "aum",
      pageNo: 3,
      isDefault: false,
    });
    for (const qs of ["period=14", "sortBy=__proto__", "page=0", "page=1.5", "page=-2", "page=99999999"])
      expect(readListParams(new URLSearchParams(qs)).isDefault, qs).toBe(true);
  });

  it("builds the gateway's list query and a profile's path", () => {
    expect(listQuery("90", "winRate", 2)).toBe("/api/v2/copy/public/traders?period=90&sortBy=winRate&pageNo=2&pageSize=20");
    expect(traderPagePath("a/b?c")).toBe("/copy-trading/trader/a%2Fb%3Fc");
  });
});

describe("copy-trading refusals", () => {
  it("maps the gateway's copy codes to texts, keeps its words for the rest", () => {
    expect(copyErrorKey(new HttpError("code", "condition", 200, "40401"))).toEqual({ key: "errors.leadCondition", msg: "condition" });
    expect(copyErrorKey(new HttpError("code", "no slot", 200, "40602")).key).toBe("errors.noSlot");
    expect(copyErrorKey(new HttpError("code", "odd", 200, "49999"))).toEqual({ key: "errors.refused", msg: "odd" });
    expect(copyErrorKey(new HttpError("network", "down")).key).toBe("errors.network");
    expect(copyErrorKey(new HttpError("status", "slow down", 429)).key).toBe("errors.tooMany");
  });
});

describe("take profit and stop loss", () => {
  it("turns a percentage of the margin into the ratio the settings API takes, exactly", () => {
    expect(percentToRatio("50")).toBe("0.5");
    expect(percentToRatio("1000")).toBe("10");
    expect(percentToRatio("0.01")).toBe("0.0001");
    expect(percentToRatio(" 12.5 ")).toBe("0.125");
    expect(percentToRatio("abc")).toBeUndefined();
  });
});
