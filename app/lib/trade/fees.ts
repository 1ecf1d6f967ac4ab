/** The order form's fee estimate, at the rates the exchange charges (protocol's SPOT_FEE_TIERS). */
import { SPOT_FEE_TIERS, type Force, type OrderType, type Side } from "../../../protocol/bitget";
import { mul, type Decimal } from "~/lib/numbers/decimal";

export interface FeeRates {
  maker: number;
  taker: number;
}

/** The rates of a VIP tier as `account/info` names it (`vipLevel`); an unknown tier pays the first tier's. */
export function feeRates(vipLevel: string | undefined): FeeRates {
  const tier = /^\d{1,2}$/.test(vipLevel ?? "") ? SPOT_FEE_TIERS[Number(vipLevel)] : undefined;
  const rates = tier ?? SPOT_FEE_TIERS[0] ?? { maker: 0, taker: 0 };
  return { maker: rates.maker, taker: rates.taker };
}

/**
 * The most an order may pay: a buy pays in the coin it receives, a sell in the quote it receives.
 * Only a post-only order is sure to be a maker; any other may take, so it is estimated as a taker.
 */
export function estimateFee(
  order: { side: Side; type: OrderType; force: Force },
  summary: { size?: Decimal; total?: Decimal; estimatedSize?: Decimal },
  rates: FeeRates,
): { amount: Decimal; coin: "base" | "quote" } | undefined {
  const ppm = order.type === "limit" && order.force === "post_only" ? rates.maker : rates.taker;
  const rate: Decimal = { int: BigInt(ppm), scale: 6 };
  const base = order.side === "buy" ? (summary.size ?? summary.estimatedSize) : undefined;
  if (order.side === "buy") return base ? { amount: mul(base, rate), coin: "base" } : undefined;
  return summary.total ? { amount: mul(summary.total, rate), coin: "quote" } : undefined;
}
