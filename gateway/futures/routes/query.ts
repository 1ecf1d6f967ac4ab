/** Query helpers of the mix endpoints: product type and contract, answered with Bitget's codes. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EX_CODES } from "../../../protocol/bitget.ts";
import { MIX_PRIVATE, PAPER_PRODUCT_TYPES, PRODUCT_TYPES, type ProductType } from "../../../protocol/mix.ts";
import { GatewayError } from "../../envelope.ts";
import { canonical, shown } from "../../exchange/fields.ts";
import { qString, type Query } from "../../exchange/routes/query.ts";
import { contract, type Contract } from "../contracts.ts";
import type { Env } from "../../exchange/engine/types.ts";
import { envOf } from "../../exchange/routes/auth.ts";
import { privateRoute, type Handler } from "../../exchange/routes/private-route.ts";
import type { ExchangeRouteDeps } from "../../exchange/routes/private-route.ts";
import { FX_CODES } from "../codes.ts";
import type { Futures } from "../futures.ts";

const DEMO_TYPES = Object.keys(PAPER_PRODUCT_TYPES);

/** Whether a product type names Bitget's simulated trading (`SUSDT-FUTURES`, `SCOIN-FUTURES`, `SUSDC-FUTURES`), in any case. */
export function isDemoProductType(value: unknown): boolean {
  return typeof value === "string" && canonical(DEMO_TYPES, value) !== undefined;
}

/** The product type a request names, in its query or its body. */
function requestProductType(req: FastifyRequest): unknown {
  const q = req.query as { productType?: unknown } | undefined;
  const b = req.body as { productType?: unknown } | null | undefined;
  return q?.productType ?? (b && typeof b === "object" ? b.productType : undefined);
}

/**
 * The environment a public futures read answers from (docs/decisions/341): the simulation for
 * `paptrading: 1` or a demo product type, so a demo product type never reads live data.
 */
export function publicEnv(req: FastifyRequest): Env {
  return envOf(req) === "paper" || isDemoProductType(requestProductType(req)) ? "paper" : "live";
}

/**
 * A private futures call's environment is its `paptrading` header; a demo product type addresses
 * the simulation only, so without the header it is refused (Bitget's 40099, "exchange environment
 * is incorrect") rather than read as the live product. Under the header the live names address the
 * simulation too (Bitget's demo API takes them), so nothing the header sends reaches live.
 */
export function requireEnv(req: FastifyRequest, env: Env): void {
  if (env === "live" && isDemoProductType(requestProductType(req)))
    throw new GatewayError(
      FX_CODES.environmentMismatch,
      "exchange environment is incorrect: a demo product type needs the header paptrading: 1",
    );
}

/**
 * The futures paths that place an order (docs/decisions/351): refused until the account opened
 * futures. A cancel, a close or a read is not among them.
 */
export const ORDER_PLACING_PATHS: ReadonlySet<string> = new Set([
  MIX_PRIVATE.placeOrder,
  MIX_PRIVATE.batchPlaceOrder,
  MIX_PRIVATE.modifyOrder,
  MIX_PRIVATE.clickBackhand,
  MIX_PRIVATE.placePlanOrder,
  MIX_PRIVATE.modifyPlanOrder,
  MIX_PRIVATE.placeTpslOrder,
  MIX_PRIVATE.modifyTpslOrder,
  MIX_PRIVATE.placePosTpsl,
]);

/** privateRoute with the futures environment rule, and for an order-placing path the opening rule, before the handler. */
export function futuresRoute(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { futures: Futures }) {
  const route = privateRoute(app, deps);
  return (method: "GET" | "POST", url: string, perSecond: number, trade: boolean, handler: Handler) =>
    route(method, url, perSecond, trade, (req, p, env) => {
      requireEnv(req, env);
      if (ORDER_PLACING_PATHS.has(url)) deps.futures.opening.requireOpen(env, p.userId);
      return handler(req, p, env);
    });
}

/** Bitget's product type, in any case; the simulated-trading names (`SUSDT-FUTURES`) read as their live product. */
export function productTypeOf(value: unknown, required = true): ProductType | undefined {
  if (value === undefined || value === "") {
    if (required) throw new GatewayError(EX_CODES.paramEmpty, "Parameter productType cannot be empty");
    return undefined;
  }
  const t = typeof value === "string" ? canonical(PRODUCT_TYPES, value, PAPER_PRODUCT_TYPES) : undefined;
  if (!t) throw new GatewayError(EX_CODES.paramInvalid, `Parameter productType is invalid: ${shown(value)}`);
  return t;
}

export function qProductType(q: Query, required = true): ProductType | undefined {
  return productTypeOf(q.productType, required);
}

/** The contract named by `symbol`; only USDT-M perpetuals are listed. */
export function contractOf(symbol: unknown, productType: ProductType | undefined): Contract {
  if (symbol === undefined || symbol === "") throw new GatewayError(EX_CODES.paramEmpty, "Parameter symbol cannot be empty");
  const c = typeof symbol === "string" && symbol.length <= 32 ? contract(symbol) : undefined;
  if (!c || (productType !== undefined && productType !== "USDT-FUTURES"))
    throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${shown(symbol)} does not exist`);
  return c;
}

export function qContract(q: Query, productTypeRequired = true): Contract {
  const pt = qProductType(q, productTypeRequired);
  return contractOf(qString(q, "symbol", true, 32), pt);
}

/** An optional `symbol` filter as its contract's symbol (undefined when absent); a named one must be listed. */
export function qSymbolFilter(q: Query, productType: ProductType | undefined): string | undefined {
  const symbol = qString(q, "symbol", false, 32);
  return symbol === undefined ? undefined : contractOf(symbol, productType).symbol;
}
