import { describe, expect, it } from "vitest";
import { checkTransfer, coinsOf, refusalOf, swapped, transferCoins, type TransferChoice } from "./transfer";

const LISTED = ["USDT", "BTC", "ETH"];
const IDS = { clientOid: "oid1", ownUserId: "1000000001" };
const choice = (over: Partial<TransferChoice>): TransferChoice => ({
  from: "spot",
  to: "usdt_futures",
  symbol: "BTCUSDT",
  coin: "USDT",
  amount: "10",
  ...over,
});
const max = { int: 100n, scale: 0 };

describe("which coins an account holds", () => {
  it("is USDT in futures, the pair's two in an isolated account, every coin elsewhere", () => {
    expect(coinsOf("usdt_futures", "BTCUSDT", LISTED)).toEqual(["USDT"]);
    expect(coinsOf("isolated_margin", "ETHUSDT", LISTED)).toEqual(["ETH", "USDT"]);
    expect(coinsOf("crossed_margin", "", LISTED)).toEqual(["USDT", "BTC", "ETH"]);
    expect(transferCoins({ from: "spot", to: "isolated_margin", symbol: "BTCUSDT" }, LISTED)).toEqual(["USDT", "BTC"]);
    expect(transferCoins({ from: "usdt_futures", to: "spot", symbol: "" }, LISTED)).toEqual(["USDT"]);
  });
});

describe("a transfer choice", () => {
  it("makes one wallet/transfer call between spot and another own account", () => {
    expect(checkTransfer(choice({}), max, LISTED, IDS)).toEqual({
      ok: true,
      call: {
        path: "/api/v2/spot/wallet/transfer",
        body: { fromType: "spot", toType: "usdt_futures", coin: "USDT", amount: "10", clientOid: "oid1" },
      },
    });
    const iso = checkTransfer(choice({ from: "isolated_margin", to: "spot", coin: "BTC", amount: "0.5" }), max, LISTED, IDS);
    expect(iso.ok && iso.call.body).toMatchObject({
      fromType: "isolated_margin",
      toType: "spot",
      symbol: "BTCUSDT",
      coin: "BTC",
      amount: "0.5",
    });
  });

  it("moves spot to spot through subaccount-transfer with a sub-account", () => {
    const r = checkTransfer(choice({ to: "sub:1000000002", coin: "ETH" }), max, LISTED, IDS);
    expect(r).toEqual({
      ok: true,
      call: {
        path: "/api/v2/spot/wallet/subaccount-transfer",
        body: {
          fromType: "spot",
          toType: "spot",
          coin: "ETH",
          amount: "10",
          clientOid: "oid1",
          fromUserId: "1000000001",
          toUserId: "1000000002",
        },
      },
    });
    const back = checkTransfer(swapped(choice({ to: "sub:1000000002" })), max, LISTED, IDS);
    expect(back.ok && back.call.body).toMatchObject({ fromUserId: "1000000002", toUserId: "1000000001" });
  });

  it("puts each mistake at its field", () => {
    const problem = (c: Partial<TransferChoice>) => {
      const r = checkTransfer(choice(c), max, LISTED, IDS);
      return r.ok ? undefined : [r.problem.field, r.problem.error.key];
    };
    expect(problem({ to: "spot" })).toEqual(["to", "transfer.sameAccount"]);
    expect(problem({ from: "usdt_futures", to: "crossed_margin" })).toEqual(["to", "transfer.viaSpot"]);
    expect(problem({ from: "sub:1", to: "usdt_futures" })).toEqual(["to", "transfer.viaSpot"]);
    expect(problem({ coin: "BTC" })).toEqual(["coin", "transfer.coinNotHeld"]);
    expect(problem({ amount: "" })).toEqual(["amount", "required"]);
    expect(problem({ amount: "100.1" })).toEqual(["amount", "margin.overMax"]);
    expect(problem({ amount: "0.000000001" })).toEqual(["amount", "margin.decimals"]);
    expect(problem({ amount: "100" })).toBeUndefined();
  });

  it("puts a refusal for too much at the amount", () => {
    expect(refusalOf("43012", "Insufficient balance")).toMatchObject({ field: "amount", error: { key: "transfer.tooMuch" } });
    expect(refusalOf("40711", "x").error.key).toBe("transfer.tooMuch");
    expect(refusalOf("40017", "bad")).toMatchObject({ field: "amount", error: { key: "transfer.failed", values: { msg: "bad" } } });
  });
});
