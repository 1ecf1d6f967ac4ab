/**
 * Validation of Bitget `place-order` bodies into engine orders: symbol, enums, precision on
 * the tick and lot grid, minimum size and notional. Every rejection is an EngineError carrying
 * Bitget's code.
 */
import { z } from "zod";
import { EX_CODES, FORCES, ORDER_TYPES, SIDES, STP_MODES, TPSL_TYPES } from "../../protocol/bitget.ts";
import { decimal, enumValue, isAbsent, optional, text, withTextShape, type TextField } from "./fields.ts";
import { parseScaled } from "./decimal.ts";
import { instrument, LEDGER_SCALE, notional, type Instrument } from "./instruments.ts";
import { newOrder, type IdGen } from "./engine/order.ts";
import { EngineError, type Env, type Order } from "./engine/types.ts";

/** PlaceOrderSchema's fields as text (parseFields' fast path; fields.test.ts holds it to the schema). */
export const PLACE_ORDER_TEXT = {
  symbol: { max: 32, required: true },
  side: { max: 16, required: true },
  orderType: { max: 16, required: true },
  force: { max: 16, required: false },
  price: { max: 40, required: false },
  size: { max: 40, required: true },
  clientOid: { max: 64, required: false },
  stpMode: { max: 16, required: false },
  tpslType: { max: 16, required: false },
  triggerPrice: { max: 40, required: false },
  presetTakeProfitPrice: { max: 40, required: false },
  executeTakeProfitPrice: { max: 40, required: false },
  presetStopLossPrice: { max: 40, required: false },
  executeStopLossPrice: { max: 40, required: false },
  requestTime: { max: 20, required: false },
  receiveWindow: { max: 20, required: false },
} satisfies Record<string, TextField>;

/** Enumerations in any case, `""`/`null` optionals absent (docs/decisions/307). */
export const PlaceOrderSchema = withTextShape(
  z.object({
    symbol: text(32),
    side: text(16),
    orderType: text(16),
    force: optional(text(16)),
    price: optional(decimal),
    size: decimal,
    clientOid: optional(text(64)),
    stpMode: optional(text(16)),
    tpslType: optional(text(16)),
    triggerPrice: optional(decimal),
    presetTakeProfitPrice: optional(decimal),
    executeTakeProfitPrice: optional(decimal),
    presetStopLossPrice: optional(decimal),
    executeStopLossPrice: optional(decimal),
    requestTime: optional(z.union([z.string().max(20), z.number()])),
    receiveWindow: optional(z.union([z.string().max(20), z.number()])),
  }),
  PLACE_ORDER_TEXT,
);
export type PlaceOrderBody = z.infer<typeof PlaceOrderSchema>;

export const CLIENT_OID = /^[A-Za-z0-9_\-.:]{1,50}$/;

export function resolveInstrument(symbol: string | undefined): Instrument {
  if (!symbol) throw new EngineError(EX_CODES.paramEmpty, "Parameter symbol cannot be empty");
  const inst = instrument(symbol);
  if (!inst) throw new EngineError(EX_CODES.paramNotExist, `Parameter ${symbol} does not exist`);
  return inst;
}

export function toOrder(ids: IdGen, env: Env, userId: string, body: PlaceOrderBody, source: string, now = Date.now()): Order {
  const inst = resolveInstrument(body.symbol);
  const side = enumValue(SIDES, body.side, "side");
  const type = enumValue(ORDER_TYPES, body.orderType, "orderType");
  const force = enumValue(FORCES, body.force, "force", "gtc");
  const stp = enumValue(STP_MODES, body.stpMode, "stpMode", "none");
  if (enumValue(TPSL_TYPES, body.tpslType, "tpslType", "normal") !== "normal") {
    throw new EngineError(EX_CODES.paramInvalid, "Parameter tpslType is invalid: only normal orders are supported");
  }
  if (isAbsent(body.size)) throw new EngineError(EX_CODES.paramEmpty, "Parameter size cannot be empty");
  if (!isAbsent(body.receiveWindow)) {
    // Bitget: the order is valid only if it reaches the server within receiveWindow ms of requestTime
    const win = Number(body.receiveWindow);
    const at = isAbsent(body.requestTime) ? now : Number(body.requestTime);
    if (!Number.isSafeInteger(win) || win < 0 || !Number.isSafeInteger(at))
      throw new EngineError(EX_CODES.paramInvalid, "Parameter requestTime/receiveWindow is invalid");
    if (now - at > win) throw new EngineError(EX_CODES.timestampExpired, "Request timestamp expired: outside receiveWindow");
  }
  if (!isAbsent(body.clientOid) && !CLIENT_OID.test(body.clientOid)) {
    throw new EngineError(EX_CODES.paramInvalid, "Parameter clientOid is invalid: 1-50 letters, digits, _ - . :");
  }
  let price = 0;
  let size = 0;
  let quoteSize = 0n;
  if (type === "limit") {
    if (isAbsent(body.price)) throw new EngineError(EX_CODES.paramEmpty, "Parameter price cannot be empty");
    const p = parseScaled(body.price, inst.pricePrecision);
    if (p === undefined)
      throw new EngineError(
        EX_CODES.paramCheck,
        `Parameter verification exception: price must be a decimal with at most ${inst.pricePrecision} decimals`,
      );
    if (p <= 0n) throw new EngineError(EX_CODES.paramInvalid, "Parameter price must be greater than 0");
    if (p > BigInt(Number.MAX_SAFE_INTEGER) / 1000n) throw new EngineError(EX_CODES.paramInvalid, "Parameter price is too large");
    price = Number(p);
  }
  if (type === "market" && side === "buy") {
    const q = parseScaled(body.size, inst.quotePrecision);
    if (q === undefined)
      throw new EngineError(
        EX_CODES.paramCheck,
        `Parameter verification exception: size (quote amount) must be a decimal with at most ${inst.quotePrecision} decimals`,
      );
    quoteSize = q * 10n ** BigInt(LEDGER_SCALE - inst.quotePrecision);
    if (quoteSize < inst.minNotional)
      throw new EngineError(
        EX_CODES.minNotional,
        `less than the minimum order value ${inst.minNotional / 10n ** BigInt(LEDGER_SCALE)} ${inst.quoteCoin}`,
      );
    if (quoteSize > 10n ** 17n) throw new EngineError(EX_CODES.paramInvalid, "Parameter size is too large");
  } else {
    const s = parseScaled(body.size, inst.quantityPrecision);
    if (s === undefined)
      throw new EngineError(
        EX_CODES.paramCheck,
        `Parameter verification exception: size must be a decimal with at most ${inst.quantityPrecision} decimals`,
      );
    if (s < BigInt(inst.minLots)) throw new EngineError(EX_CODES.qtyTooSmall, "The order quantity is less than the minimum");
    if (s > BigInt(inst.maxLots)) throw new EngineError(EX_CODES.paramInvalid, "The order quantity is greater than the maximum");
    size = Number(s);
    if (type === "limit" && notional(inst, price, size) < inst.minNotional) {
      throw new EngineError(
        EX_CODES.minNotional,
        `less than the minimum order value ${inst.minNotional / 10n ** BigInt(LEDGER_SCALE)} ${inst.quoteCoin}`,
      );
    }
  }
  const order = newOrder(ids, { env, userId, symbol: inst.symbol, side, type, force, stp, price, size, quoteSize, source }, now);
  order.clientOid = isAbsent(body.clientOid) ? order.id : body.clientOid;
  return order;
}
