/**
 * The VIP area's HTTP (docs/decisions/332): Bitget's `common/trade-rate` (the caller's own rates
 * for a symbol and business line) and the VIP page's own `/v1/vip/detail`.
 */
import type { FastifyInstance } from "fastify";
import { EX_CODES } from "../../protocol/bitget.ts";
import { BORROWABLE_COINS } from "../../protocol/margin.ts";
import { DEDUCT_PAY_PPM, PLATFORM_COIN } from "../../protocol/fee-deduction.ts";
import { VIP_PATHS, ppmRate, ratesFor } from "../../protocol/vip.ts";
import { GatewayError, ok } from "../envelope.ts";
import { instrument } from "../exchange/instruments.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qString, queryEnumOf, type Query } from "../exchange/routes/query.ts";
import { contract } from "../futures/contracts.ts";
import type { VipService } from "./service.ts";

const BUSINESS_TYPES = ["spot", "margin", "mix"] as const;

/** Whether the symbol trades in the business line (margin: a spot pair whose base coin is lent). */
function listed(symbol: string, business: (typeof BUSINESS_TYPES)[number]): boolean {
  if (business === "mix") return contract(symbol) !== undefined;
  const inst = instrument(symbol);
  if (!inst) return false;
  return business === "spot" || (BORROWABLE_COINS as readonly string[]).includes(inst.baseCoin);
}

export function vipRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter" | "exchange"> & { vip: VipService },
): void {
  const route = privateRoute(app, deps);

  route("GET", VIP_PATHS.tradeRate, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const symbol = (qString(q, "symbol", true, 32) as string).toUpperCase();
    const business = queryEnumOf(q, BUSINESS_TYPES, "businessType");
    if (!business) throw new GatewayError(EX_CODES.paramEmpty, "Parameter businessType cannot be empty");
    if (!listed(symbol, business)) throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${symbol} does not exist`);
    const r = ratesFor(deps.vip.level(env, p.userId), business);
    // spot and margin fees may be paid in the platform coin at a discount; futures fees never are (docs/decisions/353)
    const deduct = business !== "mix" && deps.exchange.svc.feeDeduct(p.userId);
    const cut = (ppm: number) => ppmRate(Number((BigInt(ppm) * DEDUCT_PAY_PPM) / 1_000_000n));
    return ok({
      makerFeeRate: ppmRate(r.maker),
      takerFeeRate: ppmRate(r.taker),
      deduct: deduct ? "on" : "off",
      deductCoin: PLATFORM_COIN,
      ...(deduct ? { deductMakerFeeRate: cut(r.maker), deductTakerFeeRate: cut(r.taker) } : {}),
    });
  });

  route("GET", VIP_PATHS.detail, 5, false, async (_req, p, env) => ok(deps.vip.detail(env, p.userId)));
}
