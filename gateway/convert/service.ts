/**
 * Convert (docs/decisions/334): Bitget's small-amount conversions between USDT and a listed coin,
 * priced from the live spot book and executed on it as the user's own fill-or-kill limit order
 * through the spot engine (fees, balances, price bands, durability), so that nothing is created or
 * destroyed. A quote is kept here, bound to its user, environment, coins, sizes and price, for
 * Bitget's quote lifetime; it is used at most once, and only by its owner.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { CONVERT_MAX_USDT, CONVERT_MIN_USDT, CONVERT_OID_PREFIX, CONVERT_QUOTE_TTL_MS } from "../../protocol/convert.ts";
import { limitRange } from "../../protocol/price-protection.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import type { BookSide } from "../exchange/engine/book.ts";
import { EngineError, newChange, type Env } from "../exchange/engine/types.ts";
import { COINS, LEDGER_SCALE, QUOTE_COIN, instrument, notional, type Instrument } from "../exchange/instruments.ts";
import { toOrder } from "../exchange/order-request.ts";
import { VIP_FEES, type ExchangeService } from "../exchange/service.ts";
import { buyForBudget, limitFor, lotsForNetBase, net, ratio, sellForTarget, type LevelView, type Sizing } from "./pricing.ts";
import type { ConvertRecord, ConvertStore, RecordQuery } from "./store.ts";

export interface QuoteInput {
  fromCoin: string;
  toCoin: string;
  fromCoinSize?: string;
  toCoinSize?: string;
}

export interface TradeInput {
  traceId: string;
  fromCoin: string;
  toCoin: string;
  fromCoinSize: string;
  toCoinSize: string;
  cnvtPrice: string;
}

/** A quote as the service keeps it: what the user was promised and the order that keeps the promise. */
interface Quote {
  traceId: string;
  env: Env;
  userId: string;
  inst: Instrument;
  side: "buy" | "sell";
  fromCoin: string;
  toCoin: string;
  /** What the quote says is converted (ledger units of fromCoin): the most the trade takes. */
  fromSize: bigint;
  /** What the quote says is received (ledger units of toCoin): the least the trade gives. */
  toSize: bigint;
  fee: bigint;
  price: string;
  sizing: Sizing;
  expires: number;
}

export interface QuoteView {
  fromCoin: string;
  fromCoinSize: string;
  cnvtPrice: string;
  toCoin: string;
  toCoinSize: string;
  traceId: string;
  fee: string;
}

const amount = (v: bigint) => formatScaled(v, LEDGER_SCALE).replace(/\.?0+$/, "") || "0";
const refuse = (code: string, msg: string): never => {
  throw new EngineError(code, msg);
};

export class ConvertService {
  /** Live quotes by `env:user:traceId`, in the order they were made (so also the order they expire in). */
  private readonly quotes = new Map<string, Quote>();

  constructor(
    private readonly svc: ExchangeService,
    private readonly store: ConvertStore,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = CONVERT_QUOTE_TTL_MS,
  ) {}

  /** Bitget's `convert/currencies`: every listed coin, the caller's available balance and one conversion's limits. */
  async currencies(env: Env, userId: string) {
    await this.svc.assets(env, userId); // funds the account on first use, as the spot assets do
    return COINS.map((coin) => {
      const lim = this.limits(env, coin);
      return {
        coin,
        available: formatScaled(this.svc.engine.balance(env, userId, coin).available, LEDGER_SCALE),
        maxAmount: lim ? amount(lim.max) : "0",
        minAmount: lim ? amount(lim.min) : "0",
      };
    });
  }

  /** Bitget's `convert/quoted-price`: prices the conversion on the book and keeps the quote for its lifetime. */
  async quote(env: Env, userId: string, input: QuoteInput): Promise<QuoteView> {
    const fromCoin = this.coin(input.fromCoin, "fromCoin");
    const toCoin = this.coin(input.toCoin, "toCoin");
    if (fromCoin === toCoin) refuse(EX_CODES.paramInvalid, "Parameter toCoin must differ from fromCoin");
    if (fromCoin !== QUOTE_COIN && toCoin !== QUOTE_COIN)
      refuse(EX_CODES.paramInvalid, `Conversions go to or from ${QUOTE_COIN}: convert ${fromCoin} to ${QUOTE_COIN} first`);
    const byFrom = input.fromCoinSize !== undefined;
    if (byFrom === (input.toCoinSize !== undefined))
      refuse(EX_CODES.paramEmpty, "Exactly one of the parameters fromCoinSize and toCoinSize must be sent");
    const side = fromCoin === QUOTE_COIN ? "buy" : "sell";
    const inst = instrument(`${side === "buy" ? toCoin : fromCoin}${QUOTE_COIN}`) as Instrument;
    const sizeCoin = byFrom ? fromCoin : toCoin;
    const name = byFrom ? "fromCoinSize" : "toCoinSize";
    const size = this.size(byFrom ? input.fromCoinSize : input.toCoinSize, name, side === "sell" && byFrom ? inst : undefined);
    const lim = this.limits(env, sizeCoin) ?? refuse(EX_CODES.paramInvalid, `${inst.symbol} has no price yet`);
    if (size < lim.min) refuse(EX_CODES.minNotional, `Parameter ${name} is less than the minimum ${amount(lim.min)} ${sizeCoin}`);
    if (size > lim.max) refuse(EX_CODES.paramInvalid, `Parameter ${name} is more than the maximum ${amount(lim.max)} ${sizeCoin}`);

    // a first call funds the account, as the spot endpoints do (the welcome balance, or the demo coins)
    const funding = newChange();
    this.svc.ensureAccount(env, userId, funding);
    await this.svc.store.commit(funding);
    const rate = this.takerRate(env, userId);
    const levels = this.levels(env, inst, side);
    let sizing: Sizing | undefined;
    if (side === "buy") sizing = byFrom ? buyForBudget(inst, levels, size) : this.reach(inst, levels, lotsForNetBase(inst, size, rate));
    else sizing = byFrom ? this.reach(inst, levels, Number(size / inst.baseUnitsPerLot)) : sellForTarget(inst, levels, size, rate);
    if (!sizing || sizing.lots < 1)
      refuse(EX_CODES.fokNotFilled, `Not enough liquidity on ${inst.symbol} within the price band for this size`);
    const s = sizing as Sizing;
    const cost = notional(inst, s.limit, s.lots);
    if (cost < inst.minNotional) refuse(EX_CODES.minNotional, `less than the minimum order value 1 ${QUOTE_COIN}`);
    const base = BigInt(s.lots) * inst.baseUnitsPerLot;
    // buy: pays at most `cost` (or the budget asked for), gets the lots less the fee; sell: gives the lots, gets at least `cost` less the fee
    const fromSize = side === "buy" ? (byFrom ? size : cost) : base;
    const toSize = side === "buy" ? net(base, rate) : net(cost, rate);
    const fee = (side === "buy" ? base : cost) - toSize;
    this.refuseSelfTrade(env, userId, inst, side, s.limit);
    const have = this.svc.engine.balance(env, userId, fromCoin).available;
    if (have < (side === "buy" ? cost : base)) refuse(EX_CODES.insufficientBalance, "Insufficient balance");

    this.prune();
    const traceId = this.svc.engine.ids.text(this.svc.engine.ids.next(this.now()));
    const q: Quote = {
      traceId,
      env,
      userId,
      inst,
      side,
      fromCoin,
      toCoin,
      fromSize,
      toSize,
      fee,
      price: ratio(toSize, fromSize),
      sizing: s,
      expires: this.now() + this.ttlMs,
    };
    this.quotes.set(this.key(env, userId, traceId), q);
    return {
      fromCoin,
      fromCoinSize: amount(fromSize),
      cnvtPrice: q.price,
      toCoin,
      toCoinSize: amount(toSize),
      traceId,
      fee: amount(fee),
    };
  }

  /**
   * Bitget's `convert/trade`: uses the caller's quote once. The conversion is the user's FOK limit
   * order at the quote's limit price: it fills completely at that price or better, or it moves
   * nothing and is refused (43010). A better fill is the user's.
   */
  async trade(env: Env, userId: string, input: TradeInput, source: string) {
    const key = this.key(env, userId, input.traceId);
    const q = this.quotes.get(key);
    if (!q) return refuse(EX_CODES.paramInvalid, "Parameter traceId is invalid: no such quote (unknown, already used or expired)");
    this.quotes.delete(key); // used once, whatever follows
    if (this.now() > q.expires) refuse(EX_CODES.paramInvalid, "Parameter traceId is invalid: the quote has expired, request a new one");
    if (this.coin(input.fromCoin, "fromCoin") !== q.fromCoin) refuse(EX_CODES.paramInvalid, "Parameter fromCoin does not match the quote");
    if (this.coin(input.toCoin, "toCoin") !== q.toCoin) refuse(EX_CODES.paramInvalid, "Parameter toCoin does not match the quote");
    if (this.size(input.fromCoinSize, "fromCoinSize") !== q.fromSize)
      refuse(EX_CODES.paramInvalid, "Parameter fromCoinSize does not match the quote");
    if (this.size(input.toCoinSize, "toCoinSize") !== q.toSize)
      refuse(EX_CODES.paramInvalid, "Parameter toCoinSize does not match the quote");
    // compared as numbers: a client may have read the price into a double (it has 15 significant digits, so it reads back the same)
    if (!(Number(input.cnvtPrice) === Number(q.price))) refuse(EX_CODES.paramInvalid, "Parameter cnvtPrice does not match the quote");

    const { inst, sizing } = q;
    const base = BigInt(sizing.lots) * inst.baseUnitsPerLot;
    const cost = notional(inst, sizing.limit, sizing.lots);
    // the fee rate is the one the engine charges now; a rate that rose since the quote could break the promise
    const rate = this.takerRate(env, userId);
    if ((q.side === "buy" ? net(base, rate) : net(cost, rate)) < q.toSize)
      refuse(EX_CODES.fokNotFilled, "The fee rate changed since the quote: request a new one");

    const eng = this.svc.engine;
    const id = eng.ids.next(this.now());
    const order = toOrder(
      eng.ids,
      env,
      userId,
      {
        symbol: inst.symbol,
        side: q.side,
        orderType: "limit",
        force: "fok",
        price: formatScaled(sizing.limit, inst.pricePrecision),
        size: formatScaled(sizing.lots, inst.quantityPrecision),
        clientOid: `${CONVERT_OID_PREFIX}${eng.ids.text(id)}`,
      },
      source,
    );
    // checked in the same turn as the order is placed: nothing can rest in between
    this.refuseSelfTrade(env, userId, inst, q.side, sizing.limit);
    const ch = newChange();
    this.svc.ensureAccount(env, userId, ch);
    try {
      eng.place(order, ch);
    } catch (err) {
      this.svc.store.keep(ch); // a new account's funding is still worth keeping
      throw err;
    }
    if (order.status !== "filled") {
      await this.svc.store.commit(ch);
      return refuse(
        EX_CODES.fokNotFilled,
        "The book moved: the quote can no longer be filled at or better than its price, request a new one",
      );
    }
    const paid = q.side === "buy" ? order.filledQuote : BigInt(order.filled) * inst.baseUnitsPerLot;
    const got = q.side === "buy" ? BigInt(order.filled) * inst.baseUnitsPerLot - order.fee : order.filledQuote - order.fee;
    const ts = order.uTime;
    const record: ConvertRecord = {
      id,
      env,
      userId,
      fromCoin: q.fromCoin,
      fromSize: paid,
      toCoin: q.toCoin,
      toSize: got,
      fee: order.fee,
      price: ratio(got, paid),
      orderId: order.id,
      traceId: q.traceId,
      ts,
    };
    ch.extra.push(() => this.store.insert(record));
    await this.svc.store.commit(ch);
    return { record, orderId: order.id };
  }

  /** Bitget's `convert/convert-record`: the caller's conversions in a window, newest first. */
  records(q: RecordQuery): ConvertRecord[] {
    return this.store.list(q);
  }

  /** How many quotes are kept (for tests of the pruning). */
  get liveQuotes(): number {
    return this.quotes.size;
  }

  private key(env: Env, userId: string, traceId: string): string {
    return `${env}:${userId}:${traceId}`;
  }

  /** Drops the quotes that have expired: they sit in the map in the order they expire in. */
  private prune(): void {
    const now = this.now();
    for (const [k, q] of this.quotes) {
      if (q.expires >= now) break;
      this.quotes.delete(k);
    }
  }

  private coin(text: string, name: string): string {
    const coin = text.toUpperCase();
    if (!COINS.includes(coin)) refuse(EX_CODES.paramNotExist, `Parameter ${name} ${text.slice(0, 16)} does not exist`);
    return coin;
  }

  /** A size in ledger units; on the pair's lot grid when `lots` is given (a sell sized in the coin). */
  private size(text: string | undefined, name: string, lots?: Instrument): bigint {
    if (text === undefined) return refuse(EX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
    const scale = lots ? lots.quantityPrecision : LEDGER_SCALE;
    const v = parseScaled(text, scale);
    if (v === undefined)
      return refuse(EX_CODES.paramCheck, `Parameter verification exception: ${name} must be a decimal with at most ${scale} decimals`);
    if (v <= 0n) refuse(EX_CODES.paramInvalid, `Parameter ${name} must be greater than 0`);
    return v * 10n ** BigInt(LEDGER_SCALE - scale);
  }

  /** One conversion's least and most in `coin` (ledger units): the USDT limits at the coin's reference price, on its lot grid. */
  private limits(env: Env, coin: string): { min: bigint; max: bigint } | undefined {
    const min = parseScaled(CONVERT_MIN_USDT, LEDGER_SCALE) as bigint;
    const max = parseScaled(CONVERT_MAX_USDT, LEDGER_SCALE) as bigint;
    if (coin === QUOTE_COIN) return { min, max };
    const inst = instrument(`${coin}${QUOTE_COIN}`);
    if (!inst) return undefined;
    const ref = this.svc.engine.reference(env, inst.symbol);
    if (ref <= 0) return undefined;
    // USDT ledger units u buy u × 10^pricePrecision / ref base ledger units
    const per = inst.baseUnitsPerLot;
    const tickScale = 10n ** BigInt(inst.pricePrecision);
    const lo = (min * tickScale + BigInt(ref) - 1n) / BigInt(ref);
    const hi = (max * tickScale) / BigInt(ref);
    return { min: ((lo + per - 1n) / per) * per, max: (hi / per) * per };
  }

  private takerRate(env: Env, userId: string): bigint {
    return BigInt((VIP_FEES[this.svc.vip(env, userId)] ?? (VIP_FEES[0] as { taker: number })).taker);
  }

  /** The side a conversion takes from (asks for a buy, bids for a sell), best first, up to the pair's price band. */
  private levels(env: Env, inst: Instrument, side: "buy" | "sell"): LevelView[] {
    const eng = this.svc.engine;
    const book = eng.book(env, inst.symbol);
    const opp: BookSide = side === "buy" ? book.asks : book.bids;
    const ref = eng.reference(env, inst.symbol);
    const band = eng.band && ref > 0 ? limitRange(side, ref, eng.band) : undefined;
    const out: LevelView[] = [];
    for (let i = opp.levels.length - 1; i >= 0; i--) {
      const lvl = opp.levels[i];
      if (!lvl) break;
      if (band && (side === "buy" ? lvl.price > band.max : lvl.price < band.min)) break;
      out.push([lvl.price, lvl.lots]);
    }
    return out;
  }

  /**
   * A conversion trades against the market, not with its owner: an open order of the same owner
   * (its margin and sub-accounts too, as self-trade prevention counts them) between the best
   * price and the limit is refused rather than filled or cancelled by the conversion.
   */
  private refuseSelfTrade(env: Env, userId: string, inst: Instrument, side: "buy" | "sell", limit: number): void {
    const eng = this.svc.engine;
    const book = eng.book(env, inst.symbol);
    const opp: BookSide = side === "buy" ? book.asks : book.bids;
    const owner = eng.ownerOf(userId);
    for (let i = opp.levels.length - 1; i >= 0; i--) {
      const lvl = opp.levels[i];
      if (!lvl || (side === "buy" ? lvl.price > limit : lvl.price < limit)) return;
      for (let m = lvl.head; m; m = m.next)
        if (!m.house && eng.ownerOf(m.userId) === owner)
          refuse(
            EX_CODES.paramInvalid,
            `The conversion would trade with your own open order ${m.id} at ${formatScaled(lvl.price, inst.pricePrecision)}: cancel it first`,
          );
    }
  }

  /** `lots` lots and the worst level they reach on the side taken from. */
  private reach(inst: Instrument, levels: LevelView[], lots: number): Sizing | undefined {
    if (lots < 1 || lots > inst.maxLots) return undefined;
    const limit = limitFor(levels, lots);
    return limit === undefined ? undefined : { lots, limit };
  }
}
