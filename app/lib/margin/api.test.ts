import { describe, expect, it } from "vitest";
import { marginAssetsOf, marginOrdersOf, marginPaths, marginRecordsOf, maxBorrowableOf, maxTransferOutOf, riskRateOf } from "./api";

describe("margin API readers", () => {
  it("names the paths of each mode", () => {
    expect(marginPaths("crossed").placeOrder).toBe("/api/v2/margin/crossed/place-order");
    expect(marginPaths("isolated").riskRate).toBe("/api/v2/margin/isolated/account/risk-rate");
  });

  it("reads account assets and drops rows without a coin", () => {
    const rows = marginAssetsOf([{ coin: "USDT", available: "10", borrow: "5", interest: "0.01" }, { available: "1" }]);
    expect(rows).toEqual([{ coin: "USDT", totalAmount: "10", available: "10", frozen: "0", borrow: "5", interest: "0.01", net: "10" }]);
  });

  it("reads the cross risk rate and the pair's isolated one", () => {
    expect(riskRateOf([{ riskRateRatio: "0.12" }], "BTCUSDT")).toBe("0.12");
    expect(
      riskRateOf(
        [
          { symbol: "ETHUSDT", riskRateRatio: "0.9" },
          { symbol: "BTCUSDT", riskRateRatio: "0.3" },
        ],
        "BTCUSDT",
      ),
    ).toBe("0.3");
    expect(riskRateOf([], "BTCUSDT")).toBeUndefined();
  });

  it("reads the borrowable amount of cross and isolated answers", () => {
    expect(maxBorrowableOf({ coin: "USDT", maxBorrowableAmount: "400" }, "USDT")).toBe("400");
    const iso = { symbol: "BTCUSDT", baseCoin: "BTC", baseMaxBorrowableAmount: "1", quoteCoin: "USDT", quoteMaxBorrowableAmount: "900" };
    expect(maxBorrowableOf(iso, "USDT")).toBe("900");
    expect(maxBorrowableOf(iso, "BTC")).toBe("1");
    expect(maxBorrowableOf(iso, "ETH")).toBeUndefined();
    expect(maxTransferOutOf({ coin: "USDT", maxTransferOutAmount: "12" }, "USDT")).toBe("12");
    expect(
      maxTransferOutOf(
        { baseCoin: "BTC", baseCoinMaxTransferOutAmount: "0.1", quoteCoin: "USDT", quoteCoinMaxTransferOutAmount: "5" },
        "USDT",
      ),
    ).toBe("5");
  });

  it("reads orders and records of Bitget's pages", () => {
    const orders = marginOrdersOf({
      orderList: [
        {
          orderId: "1",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          loanType: "autoLoan",
          price: "0",
          baseSize: "0.001",
          quoteSize: "100",
          size: "0.001",
          amount: "99.9",
          priceAvg: "99900",
          status: "filled",
          cTime: "5",
        },
        { orderId: "2" },
      ],
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderId: "1",
      orderType: "market",
      loanType: "autoLoan",
      price: "",
      size: "100",
      filled: "0.001",
      filledQuote: "99.9",
    });
    const interest = marginRecordsOf(
      {
        resultList: [
          {
            interestId: "9",
            interestCoin: "USDT",
            interestAmount: "0.02",
            dailyInterestRate: "0.0001",
            interstType: "scheduled",
            cTime: "7",
          },
        ],
      },
      "interest",
    );
    expect(interest).toEqual([{ id: "9", coin: "USDT", amount: "0.02", extra: "0.0001", type: "scheduled", cTime: "7" }]);
    expect(
      marginRecordsOf({ resultList: [{ loanId: "3", coin: "USDT", borrowAmount: "10", borrowType: "manual", cTime: "1" }] }, "borrow")[0]
        ?.amount,
    ).toBe("10");
    expect(marginRecordsOf(null, "repay")).toEqual([]);
    const liq = { liqId: "4", liqStartTime: "8", liqRiskRatio: "1.05", totalAssets: "105", totalDebt: "100", liqFee: "0", cTime: "8" };
    expect(marginRecordsOf({ resultList: [liq] }, "liquidation")).toEqual([
      { id: "4", coin: "", amount: "1.05", extra: "100", type: "105", cTime: "8" },
    ]);
  });
});
