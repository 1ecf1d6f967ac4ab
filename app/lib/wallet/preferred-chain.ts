/**
 * Which network the deposit and withdraw pages start on (docs/decisions/716): the one the trader
 * picked last for the coin, else the cheapest (the lowest withdrawal fee, the network's cost to
 * send on), else the first listed. The choices are kept per coin in one local preference,
 * `COIN:CHAIN` pairs separated by commas.
 */
import { compare, parseDecimal } from "~/lib/numbers/decimal";
import type { WalletChain } from "../../../protocol/wallet";

/** The remembered network of each coin. */
export function rememberedChains(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(",")) {
    const [coin, chain] = part.split(":");
    if (coin && chain) out.set(coin, chain);
  }
  return out;
}

/** The preference with `chain` remembered for `coin` (the others kept). */
export function rememberChain(text: string, coin: string, chain: string): string {
  const map = rememberedChains(text);
  map.set(coin, chain);
  return [...map].map(([c, n]) => `${c}:${n}`).join(",");
}

/** The network to start on, by name: remembered if still listed, else the cheapest, else the first. */
export function preferredChain(coin: { coin: string; chains: readonly WalletChain[] }, remembered: string): string {
  const last = rememberedChains(remembered).get(coin.coin);
  if (last && coin.chains.some((c) => c.chain === last)) return last;
  let best: WalletChain | undefined;
  for (const c of coin.chains) {
    const fee = parseDecimal(c.withdrawFee);
    const bestFee = best && parseDecimal(best.withdrawFee);
    if (fee && (!best || !bestFee || compare(fee, bestFee) < 0)) best = c;
  }
  return (best ?? coin.chains[0])?.chain ?? "";
}
