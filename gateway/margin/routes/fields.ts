/**
 * What every margin route shares (docs/decisions/320): the deps, the account a request names,
 * amounts, coins and the history window, each refused with Bitget's codes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MARGIN_CODES, type MarginAccountMode, type MarginPaths } from "../../../protocol/margin.ts";
import { GatewayError } from "../../envelope.ts";
import { parseScaled } from "../../exchange/decimal.ts";
import { ORDER_TYPES, SIDES } from "../../../protocol/bitget.ts";
import { EngineError } from "../../exchange/engine/types.ts";
import { enumValue, isAbsent } from "../../exchange/fields.ts";
import type { PlaceOrderBody } from "../../exchange/order-request.ts";
import { COINS, instrument, LEDGER_SCALE } from "../../exchange/instruments.ts";
import { privateRoute, type ExchangeRouteDeps } from "../../exchange/routes/private-route.ts";
import { qInt, qString, qTimeWindow, type Query } from "../../exchange/routes/query.ts";
import type { Principal } from "../../request.ts";
import type { MarginAccountRef } from "../accounts.ts";
import type { Margin } from "../margin.ts";

export interface MarginRouteDeps extends ExchangeRouteDeps {
  margin: Margin;
}

/** The most an amount may be (10^9 coins), so a huge number is refused before any arithmetic. */
const MAX_AMOUNT = 10n ** 17n;

/** A positive amount with at most 8 decimals: 40019 when it is not sent, 40017 when it is wrong. */
export function amountOf(text: string | undefined, name: string): bigint {
  if (isAbsent(text)) throw new GatewayError(MARGIN_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  const v = parseScaled(text, LEDGER_SCALE);
  if (v === undefined || v <= 0n || v > MAX_AMOUNT)
    throw new GatewayError(MARGIN_CODES.paramInvalid, `Parameter ${name} must be a positive decimal with at most ${LEDGER_SCALE} decimals`);
  return v;
}

export function coinOf(v: string | undefined, required = true): string | undefined {
  if (isAbsent(v)) {
    if (required) throw new GatewayError(MARGIN_CODES.paramEmpty, "Parameter coin cannot be empty");
    return undefined;
  }
  const coin = v.toUpperCase();
  if (!COINS.includes(coin)) throw new GatewayError(MARGIN_CODES.paramNotExist, `Parameter coin ${v.slice(0, 16)} does not exist`);
  return coin;
}

/** A margin order body as a spot one: baseSize, or quoteSize for a market buy (place-order, batch and the risk preview). */
export function marginSpotBody(symbol: string, o: Record<string, unknown>): PlaceOrderBody {
  const side = enumValue(SIDES, o.side, "side");
  const type = enumValue(ORDER_TYPES, o.orderType, "orderType");
  const quote = type === "market" && side === "buy";
  const size = quote ? o.quoteSize : o.baseSize;
  if (isAbsent(size)) throw new EngineError(MARGIN_CODES.paramEmpty, `Parameter ${quote ? "quoteSize" : "baseSize"} cannot be empty`);
  return {
    symbol,
    side,
    orderType: type,
    force: (o.force as string | undefined) ?? undefined,
    price: isAbsent(o.price) ? undefined : String(o.price),
    size: String(size),
    clientOid: isAbsent(o.clientOid) ? undefined : String(o.clientOid),
    stpMode: isAbsent(o.stpMode) ? undefined : String(o.stpMode),
  };
}

/** Whether a wallet-transfer body names a margin account (the spot/futures route serves the rest). */
export function isMarginTransfer(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  return [b.fromType, b.toType].some((t) => typeof t === "string" && /^(crossed|isolated)_margin$/i.test(t));
}

/** A query's time window, cursor and page size (Bitget's startTime, endTime, idLessThan, limit ≤ 100). */
export function windowOf(q: Query) {
  return {
    ...qTimeWindow(q),
    before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
    limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
  };
}

/** One mode's routes: its paths, the registrar, and how a request names its account. */
export interface ModeContext {
  route: ReturnType<typeof privateRoute>;
  m: Margin;
  mode: MarginAccountMode;
  P: MarginPaths;
  isolated: boolean;
  /** The account a request names (isolated: by `symbol`). */
  refOf(p: Principal, symbol: string | undefined): MarginAccountRef;
  /** The query's `symbol` (required on isolated routes unless told otherwise). */
  qsym(req: FastifyRequest, required?: boolean): string | undefined;
  /** The account of an order's pair: crossed, or the pair's isolated one. */
  pairRef(p: Principal, symbol: string): MarginAccountRef;
}

export function modeContext(app: FastifyInstance, deps: MarginRouteDeps, mode: MarginAccountMode, P: MarginPaths): ModeContext {
  const svc = deps.margin.svc;
  const isolated = mode === "isolated";
  const refOf = (p: Principal, symbol: string | undefined) => svc.ref(p.userId, mode, symbol);
  return {
    route: privateRoute(app, deps),
    m: deps.margin,
    mode,
    P,
    isolated,
    refOf,
    qsym: (req, required = isolated) => qString(req.query as Query, "symbol", required, 32),
    pairRef: (p, symbol) => {
      const inst = instrument(symbol.toUpperCase());
      if (!inst) throw new GatewayError(MARGIN_CODES.paramNotExist, `Parameter ${symbol.slice(0, 32)} does not exist`);
      return refOf(p, inst.symbol);
    },
  };
}
