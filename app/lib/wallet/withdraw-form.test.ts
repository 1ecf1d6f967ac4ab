import { describe, expect, it } from "vitest";
import { walletChain, type WalletChain } from "../../../protocol/wallet";
import { withdrawSummary } from "./withdraw-form";

const TRC20 = walletChain("USDT", "TRC20") as WalletChain;
const XRP = walletChain("XRP", "XRP") as WalletChain;
const ok = () => true;

describe("withdraw form", () => {
  it("takes the fee on top: the address gets the amount, the balance pays amount and fee", () => {
    const s = withdrawSummary(TRC20, { amount: "100", available: "250.5", address: "T", tag: "", addressOk: ok });
    expect(s).toEqual({ total: "101", receive: "100", max: "249.5", problems: [] });
  });

  it("names what is wrong: minimum, balance, decimals, address, tag", () => {
    const at = (amount: string, extra: Partial<{ available: string; tag: string; addressOk: (a: string) => boolean }> = {}) =>
      withdrawSummary(extra.tag !== undefined && extra.tag !== "" ? XRP : TRC20, {
        amount,
        available: "50",
        address: "x",
        tag: "",
        addressOk: ok,
        ...extra,
      }).problems;
    expect(at("5")).toEqual(["minimum"]);
    expect(at("49.5")).toEqual(["balance"]);
    expect(at("10.1234567")).toEqual(["scale"]);
    expect(at("")).toEqual(["amount"]);
    expect(at("abc")).toEqual(["amount"]);
    expect(at("10", { addressOk: () => false })).toEqual(["address"]);
    expect(withdrawSummary(XRP, { amount: "10", available: "50", address: "r", tag: "12a", addressOk: ok }).problems).toEqual(["tag"]);
    expect(withdrawSummary(TRC20, { amount: "10", available: "50", address: "T", tag: "5", addressOk: ok }).problems).toEqual(["tag"]);
  });

  it("offers no maximum when the balance does not cover the fee", () => {
    expect(withdrawSummary(TRC20, { amount: "", available: "0.5", address: "", tag: "", addressOk: ok }).max).toBe("0");
  });
});
