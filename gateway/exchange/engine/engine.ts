/**
 * The matching engine and its ledger, in memory and synchronous: price-time priority on integer
 * ticks and lots, balances as bigint ledger units. Every call records what it touched in a
 * Change, which the store writes in one SQLite transaction before the caller is answered.
 */
import { EX_CODES, type BillGroup, type BusinessType } from "../../../protocol/bitget.ts";
import { PLATFORM_COIN, platformCoinFee } from "../../../protocol/fee-deduction.ts";
import { DEFAULT_BAND, limitRange, protectionPrice, type PriceBand } from "../../../protocol/price-protection.ts";
import { formatScaled } from "../decimal.ts";
import { coinIndex, notional, type Instrument } from "../instruments.ts";
import { Books, type Book, type BookSide } from "./book.ts";
import { OpenOrders } from "./open-orders.ts";
import type { IdGen } from "./order.ts";
import { EngineError, FEE_ACCOUNT, TREASURY, ledgerOwner, type Balance, type Change, type Env, type Fill, type Order } from "./types.ts";

export interface FeeRates {
  /** Parts per million of the notional. */
  maker: number;
  taker: number;
}

export type FeeLookup = (env: Env, userId: string) => FeeRates;

const PPM = 1_000_000n;

/** A user's balances in one environment; `listed` holds those of listed coins by `coinIndex` (the matching path reads them without map lookups). */
interface Account {
  coins: Map<string, Balance>;
  listed: Balance[];
}

type BigRates = NonNullable<Order["rates"]>;
interface CachedRates {
  maker: number;
  taker: number;
  big: BigRates;
}

export interface EngineEvents {
  onFill?(fill: Fill): void;
  onOrder?(order: Order): void;
  onBalance?(balance: Balance): void;
}

export class Engine {
  readonly books = new Books();
  private readonly accountsByEnv: Record<Env, Map<string, Account>> = { live: new Map(), paper: new Map() };
  /** Open orders by id. */
  readonly open = new OpenOrders();
  /** Open orders by env, user and clientOid. */
  readonly openByClientOid = new Map<string, Order>();
  readonly balances = new Map<string, Balance>();
  events: EngineEvents = {};
  private readonly rateCache: CachedRates[] = [];
  /**
   * A pair's reference price before its book has traded since the start (the last candle, as the
   * tape's fallback): set by the exchange; 0 bands nothing (docs/decisions/340).
   */
  fallbackRef: (env: Env, symbol: string) => number = () => 0;
  /**
   * Whose an engine identity is for self-trade prevention: a margin account (`owner#...`) is its
   * owner's, and the exchange maps a sub-account to its main account (docs/decisions/340).
   */
  stpOwner: (userId: string) => string = ledgerOwner;
  private readonly owners = new Map<string, string>();
  /**
   * Whether a user (a main or sub-account's own id; a margin account asks for its owner) has
   * switched on paying fees in the platform coin (docs/decisions/353): set by the exchange.
   */
  deducts: (userId: string) => boolean = () => false;
  /**
   * The platform coin's conversion price in USDT ledger units per whole coin, 0 when there is none:
   * set by the exchange to a price users can only move against themselves (docs/decisions/353).
   */
  deductPrice: (env: Env) => bigint = () => 0n;
  private readonly feeDeductBal: Partial<Record<Env, Balance>> = {};

  constructor(
    readonly ids: IdGen,
    private readonly fees: FeeLookup,
    private readonly now: () => number = Date.now,
    /** The price bands and market protection of every pair (docs/decisions/340); null: none (the determinism test's recorded run). */
    readonly band: PriceBand | null = DEFAULT_BAND,
  ) {}

  /** A pair's reference price in ticks: its last trade, else the fallback (0: none yet). */
  reference(env: Env, symbol: string): number {
    const last = this.book(env, symbol).last;
    return last > 0 ? last : this.fallbackRef(env, symbol);
  }

  /** The owner of an engine identity for self-trade prevention, resolved once per identity. */
  ownerOf(userId: string): string {
    let o = this.owners.get(userId);
    if (o === undefined) {
      o = this.stpOwner(userId);
      this.owners.set(userId, o);
    }
    return o;
  }

  book(env: Env, symbol: string): Book {
    return this.books.of(env, symbol);
  }

  balance(env: Env, userId: string, coin: string): Balance {
    return this.coinBalance(this.account(env, userId), env, userId, coin);
  }

  private account(env: Env, userId: string): Account {
    const users = this.accountsByEnv[env];
    let a = users.get(userId);
    if (!a) {
      a = { coins: new Map(), listed: [] };
      users.set(userId, a);
    }
    return a;
  }

  private coinBalance(a: Account, env: Env, userId: string, coin: string): Balance {
    let b = a.coins.get(coin);
    if (!b) {
      b = { env, userId, coin, available: 0n, frozen: 0n, uTime: 0 };
      a.coins.set(coin, b);
      const i = coinIndex(coin);
      if (i >= 0) a.listed[i] = b;
      this.balances.set(`${env}:${userId}:${coin}`, b);
    }
    return b;
  }

  /** Resolves an order's balances and fee rates once. */
  private bind(o: Order, inst: Instrument): void {
    if (o.house || o.rates) return;
    const a = this.account(o.env, o.userId);
    o.quoteBal = a.listed[inst.quoteIndex] ?? this.coinBalance(a, o.env, o.userId, inst.quoteCoin);
    o.baseBal = a.listed[inst.baseIndex] ?? this.coinBalance(a, o.env, o.userId, inst.baseCoin);
    const r = this.fees(o.env, o.userId);
    o.rates = this.bigRates(r.maker, r.taker);
  }

  /** Fee rates as bigints, shared by every order with the same rates (orders never change them). */
  private bigRates(maker: number, taker: number): BigRates {
    const cache = this.rateCache;
    for (let i = 0; i < cache.length; i++) {
      const c = cache[i] as CachedRates;
      if (c.maker === maker && c.taker === taker) return c.big;
    }
    const big: BigRates = { maker: BigInt(maker), taker: BigInt(taker) };
    if (cache.length < 32) cache.push({ maker, taker, big });
    return big;
  }

  clientOidKey(env: Env, userId: string, clientOid: string): string {
    return `${env}:${userId}:${clientOid}`;
  }

  /**
   * Moves `amount` from one account to another (treasury funding, or main and sub-accounts): two
   * bills, one per side. `fromHeld` pays it out of what `hold` set aside (a withdrawal sent, docs/decisions/330).
   */
  transfer(
    env: Env,
    from: string,
    to: string,
    coin: string,
    amount: bigint,
    business: [BusinessType, BusinessType],
    group: BillGroup,
    ch: Change,
    refId = "",
    fromHeld = false,
  ): void {
    if (amount <= 0n) throw new EngineError(EX_CODES.paramInvalid, "amount must be positive");
    const src = this.balance(env, from, coin);
    if (fromHeld) {
      if (src.frozen < amount) throw new EngineError(EX_CODES.paramInvalid, "nothing held to pay");
      src.frozen -= amount;
    } else {
      if (from !== TREASURY && src.available < amount) throw new EngineError(EX_CODES.insufficientBalance, "Insufficient balance");
      src.available -= amount;
    }
    const dst = this.balance(env, to, coin);
    const ts = this.now();
    dst.available += amount;
    this.bill(src, group, business[0], -amount, 0n, refId, ts, ch);
    this.bill(dst, group, business[1], amount, 0n, refId, ts, ch);
  }

  /** Sets `amount` aside (a pending withdrawal, docs/decisions/330): available to frozen, no bill yet. */
  hold(env: Env, userId: string, coin: string, amount: bigint, ch: Change): void {
    const b = this.balance(env, userId, coin);
    if (amount <= 0n) throw new EngineError(EX_CODES.paramInvalid, "amount must be positive");
    if (b.available < amount) throw new EngineError(EX_CODES.insufficientBalance, "Insufficient balance");
    this.moveHeld(b, amount, ch);
  }

  /** Gives back what `hold` set aside (a cancelled or failed withdrawal). */
  release(env: Env, userId: string, coin: string, amount: bigint, ch: Change): void {
    const b = this.balance(env, userId, coin);
    if (amount <= 0n || b.frozen < amount) throw new EngineError(EX_CODES.paramInvalid, "nothing held to release");
    this.moveHeld(b, -amount, ch);
  }

  private moveHeld(b: Balance, amount: bigint, ch: Change): void {
    b.available -= amount;
    b.frozen += amount;
    b.uTime = this.now();
    ch.balances.push(b);
    this.events.onBalance?.(b);
  }

  private bill(
    b: Balance,
    group: BillGroup,
    business: BusinessType,
    size: bigint,
    fees: bigint,
    refId: string,
    ts: number,
    ch: Change,
  ): void {
    b.uTime = ts;
    ch.balances.push(b);
    ch.bills.push({
      id: this.ids.next(ts),
      env: b.env,
      userId: b.userId,
      coin: b.coin,
      group,
      business,
      size,
      balance: b.available + b.frozen,
      fees,
      refId,
      ts,
    });
    this.events.onBalance?.(b);
  }

  /** What an order freezes: quote for buys (limit notional or market budget), base for sells. */
  freezeAmount(inst: Instrument, o: Order): bigint {
    if (o.side === "sell") return BigInt(o.size) * inst.baseUnitsPerLot;
    return o.type === "market" ? o.quoteSize : notional(inst, o.price, o.size);
  }

  /** Places a validated order: freezes funds, matches, rests or cancels the remainder. */
  place(o: Order, ch: Change): void {
    const book = this.book(o.env, o.symbol);
    const inst = book.inst;
    if (!inst) throw new EngineError(EX_CODES.paramNotExist, `Parameter ${o.symbol} does not exist`);
    if (!o.house) {
      this.protect(book, inst, o);
      this.bind(o, inst);
      const need = this.freezeAmount(inst, o);
      const bal = (o.side === "buy" ? o.quoteBal : o.baseBal) as Balance;
      if (bal.available < need) throw new EngineError(EX_CODES.insufficientBalance, "Insufficient balance");
      bal.available -= need;
      bal.frozen += need;
      bal.uTime = o.cTime;
      o.frozen = need;
      ch.balances.push(bal);
      this.events.onBalance?.(bal);
    }
    ch.orders.push(o);
    const opp = o.side === "buy" ? book.asks : book.bids;
    const best = opp.best();
    const crosses = best !== undefined && (o.type === "market" || (o.side === "buy" ? best.price <= o.price : best.price >= o.price));

    if (o.type === "limit" && o.force === "post_only" && crosses) {
      this.close(o, "cancelled", "post_only order would take liquidity", ch);
      return;
    }
    if (o.type === "limit" && o.force === "fok" && this.fillableLots(o, opp) < o.size) {
      this.close(o, "cancelled", "fok order could not be filled completely", ch);
      return;
    }
    if (crosses) this.match(inst, book, o, opp, ch);
    if (o.status === "filled" || o.status === "cancelled") return;

    const remaining = o.size - o.filled;
    if (o.type === "market" || o.force === "ioc" || o.force === "fok" || remaining <= 0) {
      if (o.type === "market" && o.filled > 0 && (o.side === "sell" ? remaining <= 0 : this.budgetExhausted(inst, o))) {
        this.close(o, "filled", "", ch);
      } else if (remaining <= 0 && o.type === "limit") {
        this.close(o, "filled", "", ch);
      } else {
        this.close(o, "cancelled", o.type === "market" ? this.noLiquidity(o, opp) : "ioc remainder cancelled", ch);
      }
      return;
    }
    book.side(o.side).add(o, remaining);
    book.touch(o.side, o.price);
    this.open.add(o);
    if (o.clientOid) this.openByClientOid.set(this.clientOidKey(o.env, o.userId, o.clientOid), o);
    this.events.onOrder?.(o);
  }

  /**
   * place()'s price check on its own, for a caller that must know before it acts (a margin order
   * borrows first): refuses a limit price outside the band, gives a market order its protection price.
   */
  checkPrice(o: Order): void {
    const book = this.book(o.env, o.symbol);
    if (book.inst && !o.house) this.protect(book, book.inst, o);
  }

  /**
   * Price protection of a user's order (docs/decisions/340), against the book's last trade: a
   * limit price outside the band is refused (43009 above it, 43008 below it); a market order gets
   * its protection price as the bound it may fill to. Before the first trade and candle, nothing.
   */
  private protect(book: Book, inst: Instrument, o: Order): void {
    const band = this.band;
    if (band === null) return;
    let ref = book.last;
    if (ref === 0) ref = this.fallbackRef(o.env, o.symbol);
    if (ref <= 0) return;
    if (ref !== book.bandRef) this.reband(book, ref, band);
    const buy = o.side === "buy";
    if (o.type === "market") {
      // a system order may come with a tighter bound of its own (a margin close-out's bankruptcy price)
      const protect = buy ? book.buyProtect : book.sellProtect;
      o.price = o.price > 0 ? (buy ? Math.min(o.price, protect) : Math.max(o.price, protect)) : protect;
      return;
    }
    const max = buy ? book.buyMax : book.sellMax;
    if (o.price > max)
      throw new EngineError(EX_CODES.priceAboveBand, `The current order price exceeds the limit ${formatScaled(max, inst.pricePrecision)}`);
    const min = buy ? book.buyMin : book.sellMin;
    if (o.price < min)
      throw new EngineError(
        EX_CODES.priceBelowBand,
        `The current order price cannot be less than ${formatScaled(min, inst.pricePrecision)}`,
      );
  }

  /** Works a book's band out for a new reference (once per price change, not per order). */
  private reband(book: Book, ref: number, band: PriceBand): void {
    const buy = limitRange("buy", ref, band);
    const sell = limitRange("sell", ref, band);
    book.bandRef = ref;
    book.buyMin = buy.min;
    book.buyMax = buy.max;
    book.sellMin = sell.min;
    book.sellMax = sell.max;
    book.buyProtect = protectionPrice("buy", ref, band);
    book.sellProtect = protectionPrice("sell", ref, band);
  }

  /** Why a market order's rest was cancelled: the book beyond its protection price, or no book. */
  private noLiquidity(o: Order, opp: BookSide): string {
    const best = opp.best();
    if (best && o.price > 0 && (o.side === "buy" ? best.price > o.price : best.price < o.price))
      return "no more liquidity within the protection price";
    return "no more liquidity";
  }

  /** A market buy is done when what is left of its budget cannot buy one lot at the best ask. */
  private budgetExhausted(inst: Instrument, o: Order): boolean {
    const left = o.quoteSize - o.filledQuote;
    const best = this.book(o.env, o.symbol).asks.best();
    const price = best ? best.price : o.filled > 0 ? Number(o.filledQuote / BigInt(o.filled) / inst.quoteUnitsPerTickLot) : 0;
    return left < notional(inst, Math.max(price, 1), 1);
  }

  private fillableLots(o: Order, opp: BookSide): number {
    let total = 0;
    const selfSkip = o.stp !== "none";
    const owner = selfSkip && !o.house ? this.ownerOf(o.userId) : "";
    for (let i = opp.levels.length - 1; i >= 0; i--) {
      const lvl = opp.levels[i];
      if (!lvl) break;
      if (o.side === "buy" ? lvl.price > o.price : lvl.price < o.price) break;
      if (!selfSkip) total += lvl.lots;
      else
        for (let m = lvl.head; m; m = m.next)
          if (m.userId !== o.userId && (m.house || o.house || this.ownerOf(m.userId) !== owner)) total += m.size - m.filled;
      if (total >= o.size) break;
    }
    return total;
  }

  private match(inst: Instrument, book: Book, t: Order, opp: BookSide, ch: Change): void {
    // a limit price, or a market order's protection price (0: a house market order, unbounded)
    const bounded = t.price > 0;
    const marketBuy = t.type === "market" && t.side === "buy";
    // self-trade prevention compares owners: a user's spot, margin and sub-accounts are one (docs/decisions/340)
    const owner = t.stp !== "none" && !t.house ? this.ownerOf(t.userId) : "";
    for (;;) {
      const lvl = opp.best();
      if (!lvl) return;
      if (bounded && (t.side === "buy" ? lvl.price > t.price : lvl.price < t.price)) return;
      let m = lvl.head;
      while (m) {
        const next = m.next;
        if (owner !== "" && !m.house && (m.userId === t.userId || this.ownerOf(m.userId) === owner)) {
          if (t.stp === "cancel_maker" || t.stp === "cancel_both") this.cancel(m, "self-trade prevention", ch);
          if (t.stp === "cancel_taker" || t.stp === "cancel_both") {
            this.close(t, "cancelled", "self-trade prevention", ch);
            return;
          }
          m = next;
          continue;
        }
        let qty = m.size - m.filled;
        if (marketBuy) {
          const afford = (t.quoteSize - t.filledQuote) / (BigInt(lvl.price) * inst.quoteUnitsPerTickLot);
          if (afford < BigInt(qty)) qty = Number(afford);
          if (qty <= 0) return;
        } else {
          const left = t.size - t.filled;
          if (left < qty) qty = left;
        }
        this.fill(inst, book, m, t, lvl.price, qty, ch);
        if (!marketBuy && t.filled >= t.size) return;
        if (m.filled < m.size) return; // the taker ran out (market-buy budget)
        m = next;
      }
    }
  }

  private fill(inst: Instrument, book: Book, m: Order, t: Order, price: number, qty: number, ch: Change): void {
    const ts = this.now();
    const base = BigInt(qty) * inst.baseUnitsPerLot;
    const quote = notional(inst, price, qty);
    const buyer = t.side === "buy" ? t : m;
    const seller = t.side === "buy" ? m : t;
    const buyerRate = buyer.rates === null ? 0n : buyer === t ? buyer.rates.taker : buyer.rates.maker;
    const sellerRate = seller.rates === null ? 0n : seller === t ? seller.rates.taker : seller.rates.maker;
    // a side that pays in the platform coin pays nothing in the coin it gets (docs/decisions/353)
    const buyerDeduct = buyerRate === 0n || buyer.house ? 0n : this.payInPlatformCoin(buyer, quote, buyerRate, ts, ch);
    const sellerDeduct = sellerRate === 0n || seller.house ? 0n : this.payInPlatformCoin(seller, quote, sellerRate, ts, ch);
    const buyerFee = buyerRate === 0n || buyerDeduct > 0n ? 0n : (base * buyerRate) / PPM;
    const sellerFee = sellerRate === 0n || sellerDeduct > 0n ? 0n : (quote * sellerRate) / PPM;
    const tradeId = this.ids.text(this.ids.next(ts));

    // The buyer pays quote and gets base less its fee; the seller the other way round.
    if (!buyer.house) this.settle(buyer, quote, base, buyerFee, book, inst, ts, ch);
    if (!seller.house) this.settle(seller, base, quote, sellerFee, book, inst, ts, ch);
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    m.filled += qty;
    m.filledQuote += quote;
    m.uTime = ts;
    t.filled += qty;
    t.filledQuote += quote;
    t.uTime = ts;
    book.side(m.side).reduce(m, qty);
    book.touch(m.side, price);
    book.last = price;
    if (m.filled >= m.size) {
      this.close(m, "filled", "", ch);
    } else {
      m.status = "partially_filled";
      ch.orders.push(m);
      this.events.onOrder?.(m);
    }
    if (t.status === "live" && t.filled > 0) t.status = "partially_filled";
    const fill: Fill = {
      tradeId,
      env: t.env,
      symbol: t.symbol,
      price,
      size: qty,
      quote,
      takerSide: t.side,
      maker: m,
      taker: t,
      makerFee: m === buyer ? buyerDeduct || buyerFee : sellerDeduct || sellerFee,
      takerFee: t === buyer ? buyerDeduct || buyerFee : sellerDeduct || sellerFee,
      makerDeduct: (m === buyer ? buyerDeduct : sellerDeduct) > 0n,
      takerDeduct: (t === buyer ? buyerDeduct : sellerDeduct) > 0n,
      ts,
    };
    ch.fills.push(fill);
    this.events.onFill?.(fill);
  }

  /**
   * One user's side of a fill: the frozen `paidSize` it pays leaves (quote for a buy, base for a sell),
   * the `gotSize` less `fee` arrives, and the fee goes to the fee account in the coin it got. Nothing is
   * allocated here beyond the bills (decision 306).
   */
  private settle(o: Order, paidSize: bigint, gotSize: bigint, fee: bigint, book: Book, inst: Instrument, ts: number, ch: Change): void {
    const buy = o.side === "buy";
    const business = buy ? "BUY" : "SELL";
    const paid = (buy ? o.quoteBal : o.baseBal) as Balance;
    const got = (buy ? o.baseBal : o.quoteBal) as Balance;
    paid.frozen -= paidSize;
    o.frozen -= paidSize;
    this.bill(paid, "transaction", business, -paidSize, 0n, o.id, ts, ch);
    const received = gotSize - fee;
    got.available += received;
    this.bill(got, "transaction", business, received, -fee, o.id, ts, ch);
    if (fee > 0n)
      this.bill(
        this.credit(buy ? this.feeBase(book, inst) : this.feeQuote(book, inst), fee),
        "other",
        "DEDUCTION_HANDLING_FEE",
        fee,
        0n,
        o.id,
        ts,
        ch,
      );
  }

  /**
   * One side's fee in the platform coin, when its owner switched the deduction on and the owner's
   * spot balance of the coin covers it (docs/decisions/353): the fee's USDT value at the rate, less
   * the discount, at the conversion price, rounded up; debited from the owner's spot balance (a
   * margin account's fee too) and credited to the fee account in the same change. 0: not paid so.
   */
  private payInPlatformCoin(o: Order, quote: bigint, rate: bigint, ts: number, ch: Change): bigint {
    const owner = ledgerOwner(o.userId);
    if (!this.deducts(owner)) return 0n;
    const fee = platformCoinFee(quote, rate, this.deductPrice(o.env));
    if (fee <= 0n) return 0n;
    const payer = this.balance(o.env, owner, PLATFORM_COIN);
    if (payer.available < fee) return 0n;
    payer.available -= fee;
    this.bill(payer, "other", "DEDUCTION_HANDLING_FEE", -fee, -fee, o.id, ts, ch);
    const to = (this.feeDeductBal[o.env] ??= this.balance(o.env, FEE_ACCOUNT, PLATFORM_COIN));
    this.bill(this.credit(to, fee), "other", "DEDUCTION_HANDLING_FEE", fee, 0n, o.id, ts, ch);
    o.deductFee += fee;
    return fee;
  }

  /** The fee account's balances in a book's coins, resolved when the first fee is credited. */
  private feeBase(book: Book, inst: Instrument): Balance {
    return (book.feeBase ??= this.balance(book.env, FEE_ACCOUNT, inst.baseCoin));
  }

  private feeQuote(book: Book, inst: Instrument): Balance {
    return (book.feeQuote ??= this.balance(book.env, FEE_ACCOUNT, inst.quoteCoin));
  }

  private credit(b: Balance, amount: bigint): Balance {
    b.available += amount;
    return b;
  }

  /** Cancels an open order (or finishes one that is still being placed). */
  cancel(o: Order, reason: string, ch: Change): void {
    if (o.status === "filled" || o.status === "cancelled")
      throw new EngineError(EX_CODES.orderNotCancellable, "The order has already been filled or cancelled");
    this.close(o, "cancelled", reason, ch);
  }

  /** Final state: leaves the book, unfreezes what is left. */
  private close(o: Order, status: "filled" | "cancelled", reason: string, ch: Change): void {
    const side = o.level === null ? null : o.level.side;
    if (side !== null) {
      this.open.remove(o);
      side.remove(o, o.size - o.filled);
      side.book.touch(o.side, o.price);
      if (o.clientOid) this.openByClientOid.delete(this.clientOidKey(o.env, o.userId, o.clientOid));
    }
    o.status = status;
    o.cancelReason = reason;
    o.uTime = this.now();
    if (!o.house && o.frozen > 0n) {
      const bal = (o.side === "buy" ? o.quoteBal : o.baseBal) as Balance;
      bal.frozen -= o.frozen;
      bal.available += o.frozen;
      bal.uTime = o.uTime;
      o.frozen = 0n;
      ch.balances.push(bal);
      this.events.onBalance?.(bal);
    }
    ch.orders.push(o);
    this.events.onOrder?.(o);
  }

  /** Puts an order loaded from storage back in its book, without matching (books rebuild in seq order). */
  restore(o: Order): void {
    const book = this.book(o.env, o.symbol);
    if (book.inst) this.bind(o, book.inst);
    book.side(o.side).add(o, o.size - o.filled);
    book.touch(o.side, o.price);
    this.open.add(o);
    if (o.clientOid) this.openByClientOid.set(this.clientOidKey(o.env, o.userId, o.clientOid), o);
  }

  /** Loads a balance row from storage. */
  restoreBalance(b: Balance): void {
    const target = this.balance(b.env, b.userId, b.coin);
    target.available = b.available;
    target.frozen = b.frozen;
    target.uTime = b.uTime;
  }
}
