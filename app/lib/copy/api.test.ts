import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http/errors";
import { copyErrorKey, copyQuery, detailPath, historyPath, listQuery, percentToRatio, readListParams, traderPagePath } from "./api";

describe("copy-trading page addresses", () => {
  it("reads period, sort and page from the address, anything else as the default", () => {
    expect(readListParams(new URLSearchParams(""))).toEqual({
      period: "30",
      sortBy: "roi",
      pageNo: 1,
      product: "futures",
      isDefault: true,
    });
    expect(readListParams(new URLSearchParams("period=7&sortBy=aum&page=3"))).toEqual({
      period: "7",
      sortBy: "aum",
      pageNo: 3,
      product: "futures",
      isDefault: false,
    });
    // the spot list's first view is indexed too (a page of its own); its re-sorted views are not
    expect(readListParams(new URLSearchParams("product=spot"))).toMatchObject({ product: "spot", isDefault: true });
    expect(readListParams(new URLSearchParams("product=spot&period=7"))).toMatchObject({ product: "spot", isDefault: false });
    expect(readListParams(new URLSearchParams("product=options")).product).toBe("futures");
    for (const qs of ["period=14", "sortBy=__proto__", "page=0", "page=1.5", "page=-2", "page=99999999"])
      expect(readListParams(new URLSearchParams(qs)).isDefault, qs).toBe(true);
  });

  it("builds the gateway's list query and a profile's path", () => {
    expect(listQuery("90", "winRate", 2)).toBe("/api/v2/copy/public/traders?period=90&sortBy=winRate&pageNo=2&pageSize=20");
    expect(traderPagePath("a/b?c")).toBe("/copy-trading/trader/a%2Fb%3Fc");
  });

  it("reads spot leads from the spot paths, and keeps environment and product in a page's query", () => {
    expect(listQuery("7", "roi", 1, "spot")).toBe("/api/v2/copy/public/spot-traders?period=7&sortBy=roi&pageNo=1&pageSize=20");
    expect(detailPath("a&b", "spot")).toBe("/api/v2/copy/public/spot-trader-detail?traderId=a%26b");
    expect(historyPath("x", "spot")).toBe("/api/v2/copy/public/spot-trader-history?traderId=x&limit=50");
    expect(detailPath("x")).toBe("/api/v2/copy/public/trader-detail?traderId=x");
    expect(copyQuery("live", "futures")).toBe("");
    expect(copyQuery("demo", "futures")).toBe("?demo=1");
    expect(copyQuery("live", "spot")).toBe("?product=spot");
    expect(copyQuery("demo", "spot")).toBe("?demo=1&product=spot");
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
