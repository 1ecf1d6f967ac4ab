import { describe, expect, it } from "vitest";
import { walletCoin } from "../../../protocol/wallet";
import { preferredChain, rememberChain, rememberedChains } from "./preferred-chain";

const USDT = walletCoin("USDT")!;

describe("the network a wallet page starts on (decision 716)", () => {
  it("is the cheapest to send on when none was picked, not the first listed", () => {
    expect(USDT.chains[0]!.chain).toBe("ERC20");
    expect(preferredChain(USDT, "")).toBe("BEP20");
  });

  it("is the one picked last for the coin, while it is still listed", () => {
    const kept = rememberChain(rememberChain("", "USDT", "TRC20"), "BTC", "BTC");
    expect(rememberedChains(kept)).toEqual(
      new Map([
        ["USDT", "TRC20"],
        ["BTC", "BTC"],
      ]),
    );
    expect(preferredChain(USDT, kept)).toBe("TRC20");
    expect(preferredChain(USDT, rememberChain(kept, "USDT", "SOL"))).toBe("SOL");
    // a network no longer listed falls back to the cheapest
    expect(preferredChain(USDT, "USDT:OMNI")).toBe("BEP20");
  });
});
