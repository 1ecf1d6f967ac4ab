/**
 * The futures ledger and its rules (docs/decisions/312): USDT accounts, settings, positions in
 * one-way and hedge mode, cross and isolated margin, order placement with margin checks on the
 * spot engine's books, fees, funding, and transfers with the spot ledger. Every call records what
 * it touched in an FxChange, written in one SQLite transaction before the caller is answered.
 */
import { mapEntry } from "../map-entry.ts";
import type { HoldSide, MarginMode, PosMode } from "../../protocol/mix.ts";
import type { Side } from "../../protocol/bitget.ts";
import type { Db } from "../db/database.ts";
import type { Book } from "../exchange/engine/book.ts";
import { OpenOrders } from "../exchange/engine/open-orders.ts";
import { newOrder, type IdGen } from "../exchange/engine/order.ts";
import { newFxOrder } from "./fx-order.ts";
import type { FeeLookup, FeeRates } from "../exchange/engine/engine.ts";
import { EngineError, FEE_ACCOUNT, newChange, type Env } from "../exchange/engine/types.ts";
import type { ExchangeService } from "../exchange/service.ts";
import { notional } from "../exchange/instruments.ts";
import { contract, CONTRACTS, FUTURES_FEES, tierAt, tierFor, type Contract, type RiskTier } from "./contracts.ts";
import { FX_CODES } from "./codes.ts";
import {
  isEmpty,
  newFxChange,
  upnl,
  type FxAccount,
  type FxChange,
  type FxOrder,
  type FxSettings,
  type Position,
  type PositionEnd,
  type TradeSide,
} from "./ledger.ts";
import type { FuturesMarket } from "./market.ts";
import { fillableLots, matchTaker, rest, unrest, walkFill } from "./matcher.ts";
import { bandViolation, limitRange, protectionPrice, ratioText, DEFAULT_BAND, type PriceBand } from "../../protocol/price-protection.ts";
import { price as priceText } from "../exchange/format.ts";
import { NO_LEG, RiskIndex, riskBand, type RiskLeg } from "./risk-index.ts";
import type { FuturesStore } from "./store.ts";

/** The spot engine's open-order table (numeric, open addressing), typed for futures orders. */
class FxOpenOrders extends OpenOrders {
  override get(id: string): FxOrder | undefined {
    return super.get(id) as FxOrder | undefined;
  }

  override values(): IterableIterator<FxOrder> {
    return super.values() as IterableIterator<FxOrder>;
  }
}

/** An account's crossed positions in one contract, as the risk index files them. */
interface CrossHolding {
  env: Env;
  userId: string;
  symbol: string;
  /** The account's balance when it was last filed. */
  balance: bigint;
}

/** The futures ledger's side of the spot engine: the USDT of every futures account sits here on the spot ledger. */
export const FUTURES_BRIDGE = "usdt-futures";
/** Takes the liquidation and funding rounding differences; its balance is public. */
export const PROTECTION_FUND = "protection-fund";
/** Accounts whose positions carry no margin (the simulator's and the fund's): never liquidated. */
const UNMARGINED = new Set(["house-fx-mm", "house-fx-taker", PROTECTION_FUND]);
/**
 * The leverage and margin mode a position opens with: a user order passes itself (no object per
 * fill), the unmargined accounts pass these.
 */
type OpenTerms = Pick<FxOrder, "leverage" | "marginMode">;
const UNMARGINED_TERMS: OpenTerms = { leverage: 1, marginMode: "crossed" };
/** What an order closed by auto-deleveraging carries as its note (docs/decisions/317). */
export const ADL_REASON = "auto-deleveraging";
/** A position whose margin ratio (maintenance / margin) reaches this is warned about. */
export const WARNING_RATIO = 0.8;
const PPM = 1_000_000n;
/** Why a market order's rest is cancelled: it would fill beyond its protection price (docs/decisions/341). */
const protectionReason = (band: PriceBand) => `no more liquidity within the protection price (${ratioText(band.marketPpm)} of the mark)`;
const DEFAULT_LEVER = 20;
/** Contracts by their exact symbol, for the ledger's own records (contract() also normalises what callers send). */
const CONTRACT_OF = new Map(CONTRACTS.map((c) => [c.symbol, c]));
/** Each book's `env:symbol` key (the risk index's), made once: a key built per fill is garbage and a fresh hash. */
const BOOK_KEYS: Record<Env, Map<string, string>> = {
  live: new Map(CONTRACTS.map((c) => [c.symbol, `live:${c.symbol}`])),
  paper: new Map(CONTRACTS.map((c) => [c.symbol, `paper:${c.symbol}`])),
};
const bookKey = (env: Env, symbol: string): string => BOOK_KEYS[env].get(symbol) ?? `${env}:${symbol}`;
/** Where each tier ends in ledger units (0 for the last, which has no end), made once for the risk legs. */
const TIER_ENDS = new Map<RiskTier, bigint>(
  CONTRACTS.flatMap((c) => c.tiers.map((t, i) => [t, i === c.tiers.length - 1 ? 0n : BigInt(t.maxNotional) * 100_000_000n] as const)),
);
const tierEnd = (c: Contract, t: RiskTier): bigint =>
  TIER_ENDS.get(t) ?? (t === c.tiers[c.tiers.length - 1] ? 0n : BigInt(t.maxNotional) * 100_000_000n);
/** Each contract's smallest order value in ledger units. */
const MIN_TRADE = new Map(CONTRACTS.map((c) => [c, BigInt(c.minTradeUsdt) * 100_000_000n]));
/** The base tier's rates: every account's until the VIP area says otherwise (docs/decisions/332). */
export const BASE_FUTURES_FEES: FeeLookup = () => FUTURES_FEES;
type BigRates = NonNullable<FxOrder["rates"]>;
/** BigInts of small integers (leverages), made once: every BigInt() allocates, and each order needs several. */
const SMALL = Array.from({ length: 256 }, (_, i) => BigInt(i));
const big = (n: number): bigint => SMALL[n] ?? BigInt(n);

/** Makers for mapEntry that allocate no closure per call (the order path). */
const newSet = <T>() => new Set<T>();
const newMap = <K, V>() => new Map<K, V>();
const newList = <T>(): T[] => [];

/**
 * A user's open orders in the order they were placed: a list with holes where orders left (each
 * order knows its place, `userPos`), compacted once half of it is holes. A Set per user grew and
 * shrank its table as a user's few orders came and went, on every place and cancel.
 */
class UserOrders {
  /** Slots 0 to n − 1 are in use (null where an order left); the array keeps its room when it empties. */
  readonly list: Array<FxOrder | null> = [];
  n = 0;
  private holes = 0;

  add(o: FxOrder): void {
    o.userPos = this.n;
    if (this.n < this.list.length) this.list[this.n] = o;
    else this.list.push(o);
    this.n++;
  }

  remove(o: FxOrder): void {
    const i = o.userPos ?? -1;
    if (i < 0 || i >= this.n || this.list[i] !== o) return;
    this.list[i] = null;
    o.userPos = -1;
    if (++this.holes === this.n) {
      this.n = 0;
      this.holes = 0;
    } else if (this.holes > 8 && this.holes * 2 > this.n) {
      let k = 0;
      for (let j = 0; j < this.n; j++) {
        const x = this.list[j] as FxOrder | null;
        if (x === null) continue;
        x.userPos = k;
        this.list[k++] = x;
      }
      for (let j = k; j < this.n; j++) this.list[j] = null;
      this.n = k;
      this.holes = 0;
    }
  }
}
const newUserOrders = () => new UserOrders();

/** Why a resting opening order was cancelled at fill time: the mark moved so far past it that its fill would liquidate it (docs/decisions/341). */
export const STALE_REASON = "the fill would leave the position at its liquidation price: the mark moved past the order";
/** Why a reduce-only (or hedge close) order was cut or cancelled: its position shrank or closed (docs/decisions/341). */
export const REDUCE_REASON = "reduce-only: the position it closes shrank";

/** The refusal of a limit price outside the band around the mark, naming the bound (docs/decisions/341). */
function bandError(c: Contract, side: Side, limit: number, mark: number, band: PriceBand): EngineError {
  const r = limitRange(side, mark, band);
  const high = limit > r.max;
  const bound = priceText(c.inst, high ? r.max : r.min);
  const m = priceText(c.inst, mark);
  const why =
    side === "buy"
      ? high
        ? `at most ${bound} (buyLimitPriceRatio ${ratioText(band.buyUpPpm)} above the mark price ${m})`
        : `at least ${bound} (${ratioText(band.buyFloorPpm)} of the mark price ${m})`
      : high
        ? `at most ${bound} (${ratioText(band.sellCeilingPpm)} times the mark price ${m})`
        : `at least ${bound} (sellLimitPriceRatio ${ratioText(band.sellDownPpm)} below the mark price ${m})`;
  return new EngineError(FX_CODES.priceOutOfBand, `The ${side} price must be ${why}`);
}

/** The refusal of an opening order that its own expected fill would liquidate (docs/decisions/341). */
function liquidatedAtFill(c: Contract, what: string): EngineError {
  return new EngineError(
    FX_CODES.liquidatedAtFill,
    `The order would leave the ${what} at or below the maintenance margin of ${c.symbol} at its expected fill: lower the size or leverage, or add margin`,
  );
}

/** The maintenance margin of `lots` of a contract at `mark`. */
function maintenanceOf(c: Contract, mark: number, lots: number): bigint {
  if (lots <= 0) return 0n;
  const value = notional(c.inst, mark, lots);
  return (value * BigInt(tierAt(c, value).mmrPpm)) / PPM;
}

/** A plan as a position shows it: its id and trigger (ticks). */
export interface PlanMark {
  id: string;
  triggerPrice: number;
}

/**
 * A market order that closes `size` lots of a position, as Bitget's close-positions places it: in
 * hedge mode the position's own side with `tradeSide: "close"`, in one-way mode the opposite side,
 * reduce-only. `over` adds or replaces fields (clientOid, source, the caller's change).
 */
export function marketCloseRequest(
  hedge: boolean,
  symbol: string,
  holdSide: HoldSide,
  size: number,
  over: Partial<OrderRequest> = {},
): OrderRequest {
  return {
    symbol,
    side: hedge ? (holdSide === "long" ? "buy" : "sell") : holdSide === "long" ? "sell" : "buy",
    tradeSide: hedge ? "close" : undefined,
    orderType: "market",
    force: "gtc",
    price: 0,
    size,
    clientOid: "",
    reduceOnly: !hedge,
    source: "API",
    ...over,
  };
}

export interface OrderRequest {
  symbol: string;
  side: Side;
  tradeSide?: TradeSide;
  orderType: "limit" | "market";
  force: "gtc" | "post_only" | "fok" | "ioc";
  price: number;
  size: number;
  clientOid: string;
  reduceOnly: boolean;
  marginMode?: MarginMode;
  source: string;
  /** A TP/SL's order: the position it ends is said to end by it (docs/decisions/717). */
  closes?: "take_profit" | "stop_loss";
  /**
   * Told of the order and its change just before the change is written (copy trading, docs/decisions/356):
   * what it adds to the change (a profit share, its own records) is written in the same transaction. It must not throw.
   */
  beforeCommit?: (o: FxOrder, ch: FxChange) => void;
  /**
   * A change the caller builds and commits itself (copy trading: every copy of one lead fill in one
   * change, docs/decisions/356); absent, the order's own change is committed before place() returns.
   */
  change?: FxChange;
}

export class FuturesService {
  /** Accounts, positions by user and open orders by user, per environment and user id: reached without building a key. */
  private readonly accounts: Record<Env, Map<string, FxAccount>> = { live: new Map(), paper: new Map() };
  /** Per-contract settings by user, then contract. */
  private readonly settings: Record<Env, Map<string, Map<string, FxSettings>>> = { live: new Map(), paper: new Map() };
  /** Every position of a book (funding, open interest). */
  readonly bySymbol = new Map<string, Set<Position>>();
  /** Orders of TP/SL plans (docs/decisions/717): a position one of them ends ends by its TP or SL (not kept across a restart). */
  private readonly endsBy = new WeakMap<FxOrder, PositionEnd>();
  /** Positions by user (account summaries visit only the account's own). */
  /** A user's positions: a short list (a Set's iteration cost more than the scans of a user's few). */
  private readonly byUser: Record<Env, Map<string, Position[]>> = { live: new Map(), paper: new Map() };
  /**
   * Margined holdings by the marks that put them at risk (docs/decisions/313, 317): a mark update
   * visits only those it reached. Isolated positions one by one; crossed ones per account and contract.
   */
  private readonly isoRisk = new RiskIndex<Position>();
  private readonly crossRisk = new RiskIndex<CrossHolding>();
  /** The crossed holdings filed for each account, by contract. */
  private readonly crossHeld = new Map<FxAccount, Map<string, CrossHolding>>();
  /** Open orders by id, by env:user:clientOid, and by env:user (a user's own checks visit only theirs). */
  readonly open = new FxOpenOrders();
  private readonly openByOid = new Map<string, FxOrder>();
  private readonly openByUser: Record<Env, Map<string, UserOrders>> = { live: new Map(), paper: new Map() };
  private feeAccounts: Partial<Record<Env, FxAccount>> = {};
  /** How many open closing (reduce-only, hedge close) orders each account has: a shrinking position looks at them only then. */
  private readonly closingOpen = new Map<FxAccount, number>();
  /** Told of every change once it is durable (private streams). */
  readonly committed = new Set<(ch: FxChange) => void>();
  /** Called with each change just before it is written: a listener may add writes of its own (`ch.also`) to the same transaction. */
  readonly committing = new Set<(ch: FxChange) => void>();
  /** Told when a user's position nears liquidation (margin ratio at least WARNING_RATIO), at most once a minute per position. */
  readonly warnings = new Set<(p: Position, ratio: number) => void>();
  private readonly warned = new Map<string, number>();
  /** A position's whole-position TP and SL, answered by the plan area (docs/decisions/315). */
  positionTpsl: (p: Position) => { tp?: PlanMark; sl?: PlanMark } = () => ({});

  constructor(
    readonly db: Db,
    readonly store: FuturesStore,
    readonly market: FuturesMarket,
    readonly spot: ExchangeService,
    readonly ids: IdGen,
    /** An account's maker/taker rates, asked once per order (docs/decisions/317, 332). */
    readonly fees: FeeLookup = BASE_FUTURES_FEES,
  ) {
    this.band = spot.config.band ?? DEFAULT_BAND;
    this.protectionReason = protectionReason(this.band);
  }

  /** The limit bands and the market protection ratio, the spot exchange's (MARKET_PROTECTION_RATIO, docs/decisions/340). */
  readonly band: PriceBand;
  private readonly protectionReason: string;

  /** Tier rates as bigints, one object per tier (the tiers are constants): an order holds them, fills read them. */
  private readonly bigRates = new Map<FeeRates, BigRates>();

  /** Resolves an order's fee rates once, when it enters the service or is loaded. */
  private bindRates(o: FxOrder): BigRates {
    const r = this.fees(o.env, o.userId);
    let big = this.bigRates.get(r);
    if (!big) {
      big = { maker: BigInt(r.maker), taker: BigInt(r.taker) };
      if (this.bigRates.size < 64) this.bigRates.set(r, big);
    }
    o.rates = big;
    return big;
  }

  load(): void {
    this.feeAccounts = {};
    for (const a of this.store.loadAccounts()) this.accounts[a.env].set(a.userId, a);
    for (const r of this.store.loadSettings()) mapEntry(this.settings[r.env], r.userId, () => new Map()).set(r.symbol, r.s);
    const loaded = this.store.loadPositions();
    for (const p of loaded) this.index(p);
    for (const p of loaded) {
      this.fileIsolated(p);
      this.fileCrossed(this.account(p.env, p.userId));
    }
    for (const o of this.store.loadOpenOrders()) {
      o.account = this.account(o.env, o.userId);
      this.bindRates(o);
      rest(this.market.book(o.env, o.symbol), o);
      this.track(o);
    }
  }

  // ---- accounts and settings -------------------------------------------------------------

  /** Every futures account in memory (users, house, fees, protection fund): for audits and tests. */
  *allAccounts(): IterableIterator<FxAccount> {
    yield* this.accounts.live.values();
    yield* this.accounts.paper.values();
  }

  account(env: Env, userId: string): FxAccount {
    const byId = this.accounts[env];
    let a = byId.get(userId);
    if (!a) {
      a = { env, userId, balance: 0n, frozen: 0n, posMode: "one_way_mode", uTime: 0 };
      byId.set(userId, a);
    }
    return a;
  }

  /** An account if it exists (no empty one made for a reader: the VIP area values equity). */
  findAccount(env: Env, userId: string): FxAccount | undefined {
    return this.accounts[env].get(userId);
  }

  /** The fee account of an environment (every fill credits it), looked up once. */
  private feeAccount(env: Env): FxAccount {
    return (this.feeAccounts[env] ??= this.account(env, FEE_ACCOUNT));
  }

  setting(env: Env, userId: string, c: Contract): FxSettings {
    const bySymbol = mapEntry(this.settings[env], userId, newMap<string, FxSettings>);
    let s = bySymbol.get(c.symbol);
    if (!s) {
      const lever = Math.min(DEFAULT_LEVER, c.maxLeverage);
      s = { marginMode: "crossed", longLever: lever, shortLever: lever, crossLever: lever };
      bySymbol.set(c.symbol, s);
    }
    return s;
  }

  position(env: Env, userId: string, symbol: string, side: HoldSide): Position | undefined {
    // a user holds a handful of positions: a scan of them beats building a key
    for (const p of this.byUser[env].get(userId) ?? []) if (p.symbol === symbol && p.holdSide === side && p.size > 0) return p;
    return undefined;
  }

  /** The user's open positions, optionally of one contract. */
  positionsOf(env: Env, userId: string, symbol?: string): Position[] {
    const out: Position[] = [];
    for (const p of this.byUser[env].get(userId) ?? []) if (p.size > 0 && (!symbol || p.symbol === symbol)) out.push(p);
    return out;
  }

  ordersOf(env: Env, userId: string, symbol?: string): FxOrder[] {
    const out: FxOrder[] = [];
    const mine = this.openByUser[env].get(userId);
    if (mine)
      for (let i = 0; i < mine.n; i++) {
        const o = mine.list[i] as FxOrder | null;
        if (o !== null && (!symbol || o.symbol === symbol)) out.push(o);
      }
    return out;
  }

  markValue(p: Position): bigint {
    const c = CONTRACT_OF.get(p.symbol) as Contract;
    return notional(c.inst, this.market.price(p.env, p.symbol).mark, p.size);
  }

  /** Initial margin a position holds: its isolated margin, or its entry value over its leverage when crossed. */
  positionMargin(p: Position): bigint {
    return p.marginMode === "isolated" ? p.margin : p.cost / big(p.leverage);
  }

  /**
   * What an account may still use (summary().available without the rest): balance less frozen order
   * margin and position margins, less crossed losses; only crossed positions need the mark.
   */
  available(env: Env, userId: string): bigint {
    return this.availableOf(this.account(env, userId));
  }

  private availableOf(a: FxAccount): bigint {
    // sums start as the first term (an addition to 0n would be one more bigint made per order)
    let used = 0n;
    let crossUpnl = 0n;
    const mine = this.byUser[a.env].get(a.userId);
    if (mine)
      for (const p of mine) {
        if (p.size === 0) continue;
        const m = p.marginMode === "isolated" ? p.margin : p.cost / big(p.leverage);
        used = used === 0n ? m : used + m;
        if (p.marginMode !== "isolated") {
          const u = upnl(p, this.markValue(p));
          crossUpnl = crossUpnl === 0n ? u : crossUpnl + u;
        }
      }
    let available = a.balance - a.frozen;
    if (used !== 0n) available -= used;
    if (crossUpnl < 0n) available += crossUpnl;
    return available < 0n ? 0n : available;
  }

  /** What an account may still use: balance less frozen order margin and position margins, less crossed losses. */
  summary(env: Env, userId: string) {
    const a = this.account(env, userId);
    let crossUpnl = 0n;
    let isoUpnl = 0n;
    let isoMargin = 0n;
    let crossMargin = 0n;
    let maintenance = 0n;
    for (const p of this.positionsOf(env, userId)) {
      const value = this.markValue(p);
      const u = upnl(p, value);
      const m = this.positionMargin(p);
      if (p.marginMode === "isolated") {
        isoUpnl += u;
        isoMargin += m;
      } else {
        crossUpnl += u;
        crossMargin += m;
        maintenance += this.maintenance(p, value);
      }
    }
    const crossEquity = a.balance - isoMargin + crossUpnl;
    return {
      account: a,
      available: this.available(env, userId),
      frozen: a.frozen,
      crossUpnl,
      isoUpnl,
      isoMargin,
      crossMargin,
      maintenance,
      equity: a.balance + crossUpnl + isoUpnl,
      crossEquity,
    };
  }

  /** Maintenance margin of a position at its mark value, by the tier its notional falls in. */
  maintenance(p: Position, value: bigint): bigint {
    const c = CONTRACT_OF.get(p.symbol) as Contract;
    const tier = tierAt(c, value);
    return (value * BigInt(tier.mmrPpm)) / PPM;
  }

  setPositionMode(env: Env, userId: string, mode: PosMode): void {
    const a = this.account(env, userId);
    if (a.posMode === mode) return;
    if (this.positionsOf(env, userId).length > 0 || this.ordersOf(env, userId).length > 0)
      throw new EngineError(FX_CODES.positionsOrOrdersExist, "Positions or orders exist: the position mode cannot be changed");
    a.posMode = mode;
    a.uTime = Date.now();
    const ch = newFxChange();
    ch.accounts.add(a);
    this.commit(ch);
  }

  setMarginMode(env: Env, userId: string, c: Contract, mode: MarginMode): FxSettings {
    const s = this.setting(env, userId, c);
    if (s.marginMode !== mode) {
      if (this.positionsOf(env, userId, c.symbol).length > 0 || this.ordersOf(env, userId, c.symbol).length > 0)
        throw new EngineError(FX_CODES.positionsOrOrdersExist, "Positions or orders exist: the margin mode cannot be changed");
      s.marginMode = mode;
      this.db.transaction(() => this.store.saveSettings(env, userId, c.symbol, s))();
    }
    return s;
  }

  /**
   * The margin mode an order trades in (docs/decisions/318). Bitget takes `marginMode` from each
   * order: an opening order in the other mode than the contract's switches the contract to it when
   * set-margin-mode could (no position and no open order of the contract), and is refused with
   * set-margin-mode's code otherwise, so positions and orders of one contract never mix modes. A
   * closing order trades in the mode of the position it closes, whatever it names.
   */
  orderMarginMode(env: Env, userId: string, c: Contract, s: FxSettings, asked: MarginMode | undefined, opening: boolean): MarginMode {
    if (!asked || asked === s.marginMode || !opening) return s.marginMode;
    if (this.positionsOf(env, userId, c.symbol).length > 0 || this.ordersOf(env, userId, c.symbol).length > 0)
      throw new EngineError(
        FX_CODES.positionsOrOrdersExist,
        `${c.symbol} holds ${s.marginMode} positions or orders: an order in ${asked} margin cannot be placed until they are closed`,
      );
    return asked;
  }

  /** Sets the leverage of one side (isolated, hedge), or of the contract (crossed, or one-way isolated: both sides). */
  setLeverage(env: Env, userId: string, c: Contract, lever: number, holdSide?: HoldSide): FxSettings {
    if (!Number.isInteger(lever) || lever < 1 || lever > c.maxLeverage)
      throw new EngineError(FX_CODES.leverageTooHigh, `Leverage must be between 1 and ${c.maxLeverage}`);
    const s = this.setting(env, userId, c);
    const sides: HoldSide[] = s.marginMode === "isolated" && holdSide ? [holdSide] : ["long", "short"];
    // an open position's margin must still cover its value at the new leverage (its tier allowing it)
    for (const side of sides) {
      const p = this.position(env, userId, c.symbol, side);
      if (!p) continue;
      const tier = tierFor(c, Number(p.cost / 100_000_000n));
      if (lever > tier.maxLeverage)
        throw new EngineError(FX_CODES.leverageTooHigh, `The position's tier allows at most ${tier.maxLeverage}x`);
      if (p.marginMode === "isolated" && p.margin < p.cost / BigInt(lever) && lever < p.leverage)
        throw new EngineError(FX_CODES.insufficientMargin, "Not enough margin for this leverage: add margin first");
      if (p.marginMode === "crossed" && lever < p.leverage) {
        const extra = p.cost / BigInt(lever) - p.cost / BigInt(p.leverage);
        if (this.available(env, userId) < extra) throw new EngineError(FX_CODES.insufficientMargin, "Not enough margin for this leverage");
      }
    }
    const ch = newFxChange();
    for (const side of sides) {
      if (s.marginMode === "crossed") s.crossLever = lever;
      if (side === "long") s.longLever = lever;
      else s.shortLever = lever;
      const p = this.position(env, userId, c.symbol, side);
      if (p && p.marginMode === "crossed") {
        p.leverage = lever;
        ch.positions.add(p);
      } else if (p && p.marginMode === "isolated") {
        p.leverage = lever;
        ch.positions.add(p);
      }
    }
    ch.also(() => this.store.saveSettings(env, userId, c.symbol, s));
    this.commit(ch);
    return s;
  }

  /** Adds (positive) or removes (negative) isolated margin of a position. */
  changeMargin(env: Env, userId: string, c: Contract, holdSide: HoldSide, amount: bigint): Position {
    const p = this.position(env, userId, c.symbol, holdSide);
    if (!p) throw new EngineError(FX_CODES.noPosition, "No position to adjust");
    if (p.marginMode !== "isolated") throw new EngineError(FX_CODES.paramInvalid, "Margin can be adjusted on isolated positions only");
    if (amount > 0n && this.available(env, userId) < amount)
      throw new EngineError(FX_CODES.insufficientBalance, "The amount exceeds the available balance");
    if (amount < 0n) {
      // what stays must still be the initial margin at the position's leverage, and above maintenance with the loss
      const value = this.markValue(p);
      const floor = p.cost / BigInt(p.leverage);
      const u = upnl(p, value);
      const keep = floor - (u < 0n ? u : 0n);
      if (p.margin + amount < keep)
        throw new EngineError(FX_CODES.marginTransferTooLarge, "Cannot remove more than the transferable margin");
    }
    p.margin += amount;
    p.uTime = Date.now();
    const ch = newFxChange();
    ch.positions.add(p);
    this.commit(ch);
    return p;
  }

  // ---- transfers with the spot ledger ------------------------------------------------------

  /**
   * Moves USDT between the user's spot and futures accounts in one transaction (Bitget's
   * `wallet/transfer`); `extra` is written in the same transaction (the transfer's clientOid).
   */
  transfer(env: Env, userId: string, toFutures: boolean, amount: bigint, transferId: string, extra?: () => void): void {
    if (amount <= 0n) throw new EngineError(FX_CODES.paramInvalid, "amount must be positive");
    const spotCh = newChange();
    this.spot.ensureAccount(env, userId, spotCh);
    const a = this.account(env, userId);
    const ch = newFxChange();
    const now = Date.now();
    if (!toFutures && this.available(env, userId) < amount)
      throw new EngineError(FX_CODES.transferExceeds, "The amount exceeds the transferable balance");
    // one spot leg with the sides swapped, taken first: a refusal there leaves the futures account as it was
    const [from, to] = toFutures ? [userId, FUTURES_BRIDGE] : [FUTURES_BRIDGE, userId];
    this.spot.engine.transfer(env, from, to, "USDT", amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", spotCh, transferId);
    this.credit(a, toFutures ? amount : -amount, toFutures ? "trans_from_exchange" : "trans_to_exchange", "", 0n, now, ch);
    // a transfer moves a crossed account's equity: its band is filed again like any commit's
    this.refile(ch);
    if (extra) spotCh.extra.push(extra);
    this.db.transaction(() => {
      this.spot.store.write(spotCh);
      this.store.write(ch);
    })();
    for (const l of this.spot.store.committed) l(spotCh);
    for (const l of this.committed) l(ch);
  }

  private credit(a: FxAccount, amount: bigint, business: string, symbol: string, fee: bigint, ts: number, ch: FxChange): void {
    a.balance += amount;
    a.uTime = ts;
    ch.accounts.add(a);
    if (amount === 0n && fee === 0n) return;
    ch.bill({ id: this.ids.next(ts), env: a.env, userId: a.userId, symbol, business, amount, fee, balance: a.balance, ts });
  }

  // ---- orders -------------------------------------------------------------------------------

  /** Places an order: checks, freezes margin, matches on the book, rests or cancels the rest. */
  place(env: Env, userId: string, req: OrderRequest): FxOrder {
    // the exact symbol first (what the order path and most clients send), the normalising lookup otherwise
    const c = CONTRACT_OF.get(req.symbol) ?? contract(req.symbol);
    if (!c) throw new EngineError(FX_CODES.paramNotExist, `Parameter ${req.symbol} does not exist`);
    const a = this.account(env, userId);
    const s = this.setting(env, userId, c);
    if (
      req.clientOid &&
      (this.openByOid.has(`${env}:${userId}:${req.clientOid}`) || this.store.findOrder(env, userId, { clientOid: req.clientOid }))
    )
      throw new EngineError(FX_CODES.duplicateClientOid, "Duplicate clientOid");
    const hedge = a.posMode === "hedge_mode";
    let tradeSide: TradeSide;
    let posSide: HoldSide;
    if (hedge) {
      if (!req.tradeSide) throw new EngineError(FX_CODES.posModeMismatch, "tradeSide is required in hedge mode");
      if (req.reduceOnly) throw new EngineError(FX_CODES.posModeMismatch, "reduceOnly is for one-way mode: send tradeSide close");
      tradeSide = req.tradeSide;
      // Bitget v2 hedge mode: `side` names the position (buy: long), `tradeSide` opens or closes it
      posSide = req.side === "buy" ? "long" : "short";
    } else {
      if (req.tradeSide) throw new EngineError(FX_CODES.posModeMismatch, "The order type for one-way mode must not carry tradeSide");
      posSide = req.side === "buy" ? "long" : "short";
      tradeSide = req.reduceOnly ? "close" : "open";
    }
    const mode = this.orderMarginMode(env, userId, c, s, req.marginMode, tradeSide === "open");
    // the book side: closing a hedge position trades against it
    const bookSide: Side = hedge && tradeSide === "close" ? (posSide === "long" ? "sell" : "buy") : req.side;
    if (req.size < c.inst.minLots) throw new EngineError(FX_CODES.lessThanMinimum, "The order size is less than the minimum");
    if (req.size > c.inst.maxLots) throw new EngineError(FX_CODES.paramInvalid, "The order size is more than the maximum");
    const ps = this.market.price(env, c.symbol);
    const book = this.market.book(env, c.symbol);
    // price protection against the mark (docs/decisions/341): a limit inside the band, a market order up to its protection price
    let limit = req.price;
    if (req.orderType === "market") limit = protectionPrice(bookSide, ps.mark, this.band);
    else if (bandViolation(bookSide, limit, ps.mark, this.band) !== undefined) throw bandError(c, bookSide, limit, ps.mark, this.band);
    // one literal with the futures fields: one shape from the start (docs/decisions/317)
    const now = Date.now();
    const o = newFxOrder(
      this.ids,
      {
        env,
        userId,
        symbol: c.symbol,
        side: bookSide,
        type: req.orderType,
        force: req.force,
        price: limit,
        size: req.size,
        clientOid: req.clientOid,
        source: req.source,
        tradeSide,
        posSide,
        reduceOnly: req.reduceOnly,
        posMode: a.posMode,
        leverage: mode === "crossed" ? s.crossLever : posSide === "long" ? s.longLever : s.shortLever,
        marginMode: mode,
        account: a,
      },
      now,
    );
    if (req.closes) this.endsBy.set(o, req.closes);
    const rates = this.bindRates(o);
    const opening = tradeSide === "open";
    if (!opening) {
      // a close (hedge) or reduce-only (one-way) order may not exceed what is held less what other closing orders hold
      const held = hedge
        ? this.position(env, userId, c.symbol, posSide)
        : this.position(env, userId, c.symbol, posSide === "long" ? "short" : "long");
      if (!held) throw new EngineError(FX_CODES.noPosition, "No position to close");
      let pending = 0;
      for (const x of this.ordersOf(env, userId, c.symbol))
        if (x.tradeSide === "close" && x.side === bookSide) pending += x.size - x.filled;
      if (o.size > held.size - pending) throw new EngineError(FX_CODES.notEnoughPosition, "Not enough position is available to close");
    } else {
      const freezePrice = bookSide === "buy" ? limit : Math.max(limit, book.bids.best()?.price ?? limit, ps.mark);
      const value = notional(c.inst, freezePrice, o.size);
      if (value < (MIN_TRADE.get(c) ?? BigInt(c.minTradeUsdt) * 100_000_000n))
        throw new EngineError(FX_CODES.lessThanMinimum, `The order value is less than ${c.minTradeUsdt} USDT`);
      const tier = tierAt(c, value);
      if (o.leverage > tier.maxLeverage)
        throw new EngineError(FX_CODES.leverageTooHigh, `Positions of this size allow at most ${tier.maxLeverage}x`);
      const need = value / big(o.leverage) + (value * rates.taker) / PPM;
      if (this.availableOf(a) < need) throw new EngineError(FX_CODES.insufficientBalance, "The order amount exceeds the balance");
      this.checkPostTrade(c, a, o, book, ps.mark, rates.taker);
      o.margin = need;
      a.frozen += need;
    }
    const ch = req.change ?? newFxChange();
    ch.accounts.add(a);
    ch.orders.add(o);
    if (mode !== s.marginMode) {
      // the order's margin mode becomes the contract's, written with the order (docs/decisions/318)
      s.marginMode = mode;
      ch.also(() => this.store.saveSettings(env, userId, c.symbol, s));
    }
    const opp = bookSide === "buy" ? book.asks : book.bids;
    const best = opp.best();
    const crosses = best !== undefined && (bookSide === "buy" ? best.price <= limit : best.price >= limit);
    if (o.force === "post_only" && crosses) {
      this.finish(o, "cancelled", "post_only order would take liquidity", ch);
    } else if (o.force === "fok" && fillableLots(book, o) < o.size) {
      this.finish(o, "cancelled", "fok order could not be filled completely", ch);
    } else {
      // one clock reading for the whole call: its fills and its end carry the order's time
      if (crosses)
        matchTaker(
          book,
          o,
          (m, price, qty) => this.onMatch(c, m as FxOrder, o, price, qty, ch, now),
          (m) => this.capMaker(m as FxOrder, ch, now),
        );
      if (o.filled >= o.size) this.finish(o, "filled", "", ch, now);
      else if (o.type === "market" || o.force === "ioc" || o.force === "fok")
        this.finish(
          o,
          o.filled > 0 && o.type === "market" ? "filled" : "cancelled",
          o.type === "market" ? this.protectionReason : "ioc remainder cancelled",
          ch,
          now,
        );
      else {
        if (o.filled > 0) o.status = "partially_filled";
        rest(book, o);
        this.track(o);
      }
    }
    if (req.beforeCommit) req.beforeCommit(o, ch);
    if (!req.change) this.commit(ch);
    return o;
  }

  /**
   * Moves `amount` from one futures account to another inside a change being built (a copy's profit
   * share, docs/decisions/356): both bills in the same transaction, nothing created or destroyed.
   */
  moveWithin(
    ch: FxChange,
    env: Env,
    from: string,
    to: string,
    amount: bigint,
    business: [string, string],
    symbol: string,
    ts: number,
  ): void {
    if (amount <= 0n) return;
    this.credit(this.account(env, from), -amount, business[0], symbol, 0n, ts, ch);
    this.credit(this.account(env, to), amount, business[1], symbol, 0n, ts, ch);
  }

  /** Refuses a limit price outside the band around the mark (what place() checks), for a caller that must check first (modify-order). */
  checkLimitPrice(env: Env, c: Contract, bookSide: Side, limit: number): void {
    const mark = this.market.price(env, c.symbol).mark;
    if (bandViolation(bookSide, limit, mark, this.band) !== undefined) throw bandError(c, bookSide, limit, mark, this.band);
  }

  cancel(env: Env, userId: string, by: { orderId?: string; clientOid?: string }, symbol?: string): FxOrder {
    const o = by.orderId ? this.open.get(by.orderId) : this.openByOid.get(`${env}:${userId}:${by.clientOid ?? ""}`);
    if (!o || o.env !== env || o.userId !== userId || (symbol && o.symbol !== symbol)) {
      const done = this.store.findOrder(env, userId, by);
      if (done && (!symbol || done.symbol === symbol))
        throw new EngineError(FX_CODES.orderNotCancellable, "The order has already been filled or cancelled");
      throw new EngineError(FX_CODES.orderNotFound, "The order does not exist");
    }
    const ch = newFxChange();
    this.finish(o, "cancelled", "user cancelled", ch);
    this.commit(ch);
    return o;
  }

  /** A match on a futures book: settles each side that is in the ledger (users and house alike) and prints the trade. */
  onMatch(c: Contract, maker: FxOrder, taker: FxOrder, price: number, qty: number, ch: FxChange, ts = Date.now()): void {
    const tradeId = this.ids.text(this.ids.next(ts));
    const quote = notional(c.inst, price, qty);
    this.settle(c, maker, price, qty, quote, "maker", tradeId, ts, ch);
    this.settle(c, taker, price, qty, quote, "taker", tradeId, ts, ch);
    // (a maker cancelled while its fill was settled stays cancelled)
    if (maker.house || maker.status === "cancelled") {
      // nothing to finish
    } else if (maker.filled >= maker.size) this.finish(maker, "filled", "", ch, ts);
    else {
      maker.status = "partially_filled";
      ch.orders.add(maker);
    }
    this.market.onTrade(taker.env, c.symbol, tradeId, taker, price, qty, Number(quote / 1_000_000n), ts);
  }

  private settle(
    c: Contract,
    o: FxOrder,
    price: number,
    qty: number,
    quote: bigint,
    scope: "maker" | "taker",
    tradeId: string,
    ts: number,
    ch: FxChange,
  ): void {
    const a = o.account ?? this.account(o.env, o.userId);
    o.uTime = ts;
    if (o.house) {
      // house accounts net their position and take their PnL in their own (unmargined) balance: equity stays conserved
      a.balance += this.net(c, a, o.side, qty, quote, UNMARGINED_TERMS, ts, ch);
      a.uTime = ts;
      ch.accounts.add(a);
      return;
    }
    // bound when the order was placed or loaded: a level change applies to the orders placed after it
    const r = o.rates ?? this.bindRates(o);
    const fee = (quote * (scope === "maker" ? r.maker : r.taker)) / PPM;
    // release this fill's share of the frozen margin (all of it on the last fill)
    if (o.margin > 0n) {
      const before = o.size - (o.filled - qty);
      const rel = before <= qty ? o.margin : (o.margin * BigInt(qty)) / BigInt(before);
      o.margin -= rel;
      a.frozen -= rel;
    }
    let realised = 0n;
    let business: string;
    /** One-way: the opposite position the fill netted against (looked up once, not again below). */
    let opp: Position | undefined;
    let oneWay = false;
    if (o.tradeSide === "close" && o.posMode === "hedge_mode") {
      const p = this.position(o.env, o.userId, c.symbol, o.posSide);
      // capped before the fill (capMaker, the placement check): a close never exceeds its position
      if (!p || p.size < qty) throw new Error(`a closing fill of ${qty} lots exceeds its position (order ${o.id})`);
      realised = this.reduce(p, qty, quote, ts, ch, o);
      business = o.posSide === "long" ? "close_long" : "close_short";
    } else if (o.posMode === "hedge_mode") {
      this.increase(c, a, o.posSide, qty, quote, o, ts, ch);
      business = o.posSide === "long" ? "open_long" : "open_short";
    } else {
      oneWay = true;
      opp = this.position(o.env, o.userId, c.symbol, o.side === "buy" ? "short" : "long");
      // a reduce-only fill never opens or flips a position (capped before the fill); an opening order's margin was checked when placed
      if (o.tradeSide === "close" && (!opp || opp.size < qty))
        throw new Error(`a reduce-only fill of ${qty} lots exceeds its position (order ${o.id})`);
      realised = this.net(c, a, o.side, qty, quote, o, ts, ch, opp, o);
      business = opp ? (o.side === "buy" ? "close_short" : "close_long") : o.side === "buy" ? "open_long" : "open_short";
    }
    o.fee += fee;
    // (adding nothing would make a new bigint of the same value)
    if (realised !== 0n) o.profit += realised;
    const fees = this.feeAccount(o.env);
    this.credit(fees, fee, "trading_fee", c.symbol, 0n, ts, ch);
    // in one-way mode the other side is the netted `opp` (while anything of it is left), so it needs no second scan
    const held =
      this.position(o.env, o.userId, c.symbol, o.posSide) ??
      (oneWay && o.posSide !== opp?.holdSide
        ? opp && opp.size > 0
          ? opp
          : undefined
        : this.position(o.env, o.userId, c.symbol, o.posSide === "long" ? "short" : "long"));
    if (held) held.fees += fee;
    const negFee = -fee;
    this.credit(a, realised === 0n ? negFee : realised - fee, business, c.symbol, negFee, ts, ch);
    ch.fill({ tradeId, order: o, price, size: qty, quote, fee, profit: realised, scope, ts });
  }

  /** One-way netting: closes the opposite position first, then opens with the rest; returns the realised PnL. */
  private net(
    c: Contract,
    a: FxAccount,
    side: Side,
    qty: number,
    quote: bigint,
    terms: OpenTerms,
    ts: number,
    ch: FxChange,
    opp = this.position(a.env, a.userId, c.symbol, side === "buy" ? "short" : "long"),
    by: PositionEnd | FxOrder = "close",
  ): bigint {
    let realised = 0n;
    let left = qty;
    let leftQuote = quote;
    if (opp) {
      const q = Math.min(left, opp.size);
      const part = q === left ? leftQuote : (leftQuote * BigInt(q)) / BigInt(left);
      realised = this.reduce(opp, q, part, ts, ch, by);
      left -= q;
      leftQuote -= part;
    }
    if (left > 0) this.increase(c, a, side === "buy" ? "long" : "short", left, leftQuote, terms, ts, ch);
    return realised;
  }

  private increase(
    c: Contract,
    a: FxAccount,
    side: HoldSide,
    qty: number,
    quote: bigint,
    terms: OpenTerms,
    ts: number,
    ch: FxChange,
  ): void {
    let p = this.position(a.env, a.userId, c.symbol, side);
    if (!p) {
      p = {
        id: this.ids.text(this.ids.next(ts)),
        env: a.env,
        userId: a.userId,
        symbol: c.symbol,
        holdSide: side,
        size: 0,
        cost: 0n,
        margin: 0n,
        marginMode: terms.marginMode,
        leverage: terms.leverage,
        realised: 0n,
        fees: 0n,
        funding: 0n,
        openedSize: 0,
        openedCost: 0n,
        closedSize: 0,
        closedValue: 0n,
        cTime: ts,
        uTime: ts,
      };
      this.index(p);
    }
    p.size += qty;
    p.cost += quote;
    p.openedSize += qty;
    p.openedCost += quote;
    if (p.marginMode === "isolated") p.margin += quote / big(p.leverage);
    p.uTime = ts;
    ch.positions.add(p);
  }

  /**
   * Closes `qty` of a position at `quote`; returns the realised PnL (the entry value is released pro
   * rata, exactly at the end). `by` says why, should it end (docs/decisions/717): a reason, or the
   * order whose fill closes it (a TP/SL's order says so, any other is the trader's close).
   */
  private reduce(p: Position, qty: number, quote: bigint, ts: number, ch: FxChange, by: PositionEnd | FxOrder = "close"): bigint {
    const released = qty >= p.size ? p.cost : (p.cost * BigInt(qty)) / BigInt(p.size);
    const margin = qty >= p.size ? p.margin : (p.margin * BigInt(qty)) / BigInt(p.size);
    const pnl = p.holdSide === "long" ? quote - released : released - quote;
    p.cost -= released;
    p.margin -= margin;
    p.size -= qty;
    p.closedSize += qty;
    p.closedValue += quote;
    p.realised += pnl;
    p.uTime = ts;
    ch.positions.add(p);
    if (p.size === 0) {
      ch.close({ ...p }, typeof by === "string" ? by : (this.endsBy.get(by) ?? "close"), qty);
      this.unindex(p);
    }
    if (this.closingOpen.size > 0) this.trimClosing(p, ts, ch);
    return pnl;
  }

  /** Final state of an order: out of the book, its frozen margin back. */
  finish(o: FxOrder, status: "filled" | "cancelled", reason: string, ch: FxChange, ts = Date.now()): void {
    unrest(o);
    this.untrack(o);
    o.status = status;
    o.cancelReason = reason;
    o.uTime = ts;
    if (o.margin > 0n) {
      const a = o.account ?? this.account(o.env, o.userId);
      a.frozen -= o.margin;
      o.margin = 0n;
      ch.accounts.add(a);
    }
    ch.orders.add(o);
  }

  // ---- reduce-only at fill time and the post-trade check (docs/decisions/341) -----------------

  /** The position a closing order closes: hedge mode names it, a one-way reduce-only order closes the opposite one. */
  private closedBy(o: FxOrder): Position | undefined {
    const side: HoldSide = o.posMode === "hedge_mode" ? o.posSide : o.posSide === "long" ? "short" : "long";
    return this.position(o.env, o.userId, o.symbol, side);
  }

  /**
   * Before a resting order fills (matchTaker's cap): a closing order may fill only what its position
   * still holds. It is cut to that, or cancelled when nothing is held, so no fill through it can
   * open or flip a position. Answers whether it may still fill.
   */
  capMaker(m: FxOrder, ch: FxChange, ts = Date.now()): boolean {
    if (m.house) return true;
    if (m.tradeSide !== "close") return this.admitOpening(m, ch, ts);
    const held = this.closedBy(m)?.size ?? 0;
    const open = m.size - m.filled;
    if (open <= held) return true;
    if (held === 0) {
      this.finish(m, "cancelled", REDUCE_REASON, ch, ts);
      return false;
    }
    this.cut(m, open - held, ch, ts);
    return true;
  }

  /**
   * A resting opening order about to fill at its price: when the mark has since moved past that
   * price (a sell resting under the mark, a buy over it), the fill is checked as a new order is
   * (checkPostTrade), and an order whose fill would leave its position or crossed account at or
   * below maintenance is cancelled instead of filled (docs/decisions/341): a stale order left far
   * from a jumped mark cannot hand its loss beyond its margin to the protection fund.
   */
  private admitOpening(m: FxOrder, ch: FxChange, ts: number): boolean {
    const mark = this.market.price(m.env, m.symbol).mark;
    if (m.side === "sell" ? m.price >= mark : m.price <= mark) return true;
    const c = CONTRACT_OF.get(m.symbol) as Contract;
    const a = m.account ?? this.account(m.env, m.userId);
    const lots = m.size - m.filled;
    const rates = m.rates ?? this.bindRates(m);
    if (this.liquidatedBy(c, a, m, lots, notional(c.inst, m.price, lots), mark, rates.maker) === undefined) return true;
    this.finish(m, "cancelled", STALE_REASON, ch, ts);
    return false;
  }

  /** Takes `lots` off a resting order's unfilled size (it keeps its place in the queue). */
  private cut(o: FxOrder, lots: number, ch: FxChange, ts: number): void {
    o.size -= lots;
    const lvl = o.level;
    if (lvl) {
      lvl.lots -= lots;
      lvl.side.book.touch(o.side, o.price);
    }
    o.uTime = ts;
    ch.orders.add(o);
  }

  /**
   * After a position shrank (a fill, a liquidation, ADL, a TP/SL): its user's closing orders on it
   * may together keep at most what it still holds; the newest are cut or cancelled first, as Bitget does.
   */
  private trimClosing(p: Position, ts: number, ch: FxChange): void {
    if (UNMARGINED.has(p.userId)) return;
    const a = this.account(p.env, p.userId);
    if (!this.closingOpen.has(a)) return;
    const mine = this.openByUser[p.env].get(p.userId);
    if (!mine) return;
    let total = 0;
    for (let i = 0; i < mine.n; i++) {
      const o = mine.list[i] as FxOrder | null;
      if (o !== null && o.symbol === p.symbol && o.tradeSide === "close" && this.closesSide(o) === p.holdSide) total += o.size - o.filled;
    }
    let excess = total - p.size;
    if (excess <= 0) return;
    // newest first; collected before any is cancelled (a cancel may compact the user's list)
    const cut: FxOrder[] = [];
    for (let i = mine.n - 1; i >= 0; i--) {
      const o = mine.list[i] as FxOrder | null;
      if (o !== null && o.symbol === p.symbol && o.tradeSide === "close" && this.closesSide(o) === p.holdSide) cut.push(o);
    }
    for (const o of cut) {
      if (excess <= 0) break;
      const open = o.size - o.filled;
      if (open <= excess) {
        this.finish(o, "cancelled", REDUCE_REASON, ch, ts);
        excess -= open;
      } else {
        this.cut(o, excess, ch, ts);
        excess = 0;
      }
    }
  }

  /** The side of the position a closing order closes. */
  private closesSide(o: FxOrder): HoldSide {
    return o.posMode === "hedge_mode" ? o.posSide : o.posSide === "long" ? "short" : "long";
  }

  /**
   * The post-trade check of an opening order: at its expected fill (what crosses now, up to its limit
   * or protection price, and a resting order's rest at its limit), valued at the mark, the position
   * (isolated: its margin; crossed: the account's crossed equity) must stay above its maintenance
   * margin, or the order is refused before it rests or fills.
   */
  private checkPostTrade(c: Contract, a: FxAccount, o: FxOrder, book: Book, mark: number, takerRate: bigint): void {
    const w = walkFill(book, o);
    let lots = w.lots;
    let cells = w.cells;
    if (o.type === "limit" && (o.force === "gtc" || o.force === "post_only") && lots < o.size) {
      cells += o.price * (o.size - lots);
      lots = o.size;
    }
    if (lots === 0) return;
    const quote = BigInt(Number.isSafeInteger(cells) ? cells : Math.round(cells)) * c.inst.quoteUnitsPerTickLot;
    const refused = this.liquidatedBy(c, a, o, lots, quote, mark, takerRate);
    if (refused) throw liquidatedAtFill(c, refused);
  }

  /**
   * Whether `lots` of an opening order filled for `quote` would leave its position (isolated) or the
   * account's crossed equity at or below maintenance at the mark: what is then at risk, or undefined.
   */
  private liquidatedBy(
    c: Contract,
    a: FxAccount,
    o: FxOrder,
    lots: number,
    quote: bigint,
    mark: number,
    feeRate: bigint,
  ): string | undefined {
    const long = o.posSide === "long";
    const hedge = o.posMode === "hedge_mode";
    if (o.marginMode === "isolated") {
      let openLots = lots;
      let openQuote = quote;
      if (!hedge) {
        // one-way: the fill nets the opposite position first (that part only reduces it)
        const opp = this.position(a.env, a.userId, c.symbol, long ? "short" : "long");
        if (opp) {
          if (opp.size >= lots) return undefined;
          openQuote = (quote * BigInt(lots - opp.size)) / BigInt(lots);
          openLots = lots - opp.size;
        }
      }
      const p = this.position(a.env, a.userId, c.symbol, o.posSide);
      const size = (p?.size ?? 0) + openLots;
      const cost = (p?.cost ?? 0n) + openQuote;
      const margin = (p?.margin ?? 0n) + openQuote / big(p?.leverage ?? o.leverage);
      const value = notional(c.inst, mark, size);
      const equity = margin + (long ? value - cost : cost - value);
      return equity <= (value * BigInt(tierAt(c, value).mmrPpm)) / PPM ? "isolated position's margin" : undefined;
    }
    // crossed: the fill's PnL at the mark and its fee move the crossed equity; the contract's sizes move its maintenance
    const atMark = notional(c.inst, mark, lots);
    let equity = a.balance - (long ? quote - atMark : atMark - quote) - (quote * feeRate) / PPM;
    let maint = 0n;
    let longLots = 0;
    let shortLots = 0;
    const mine = this.byUser[a.env].get(a.userId);
    if (mine)
      for (const p of mine) {
        if (p.size === 0) continue;
        if (p.marginMode === "isolated") {
          equity -= p.margin;
          continue;
        }
        const v = this.markValue(p);
        equity += upnl(p, v);
        if (p.symbol !== c.symbol) maint += this.maintenance(p, v);
        else if (p.holdSide === "long") longLots = p.size;
        else shortLots = p.size;
      }
    if (hedge) {
      if (long) longLots += lots;
      else shortLots += lots;
    } else {
      const net = longLots - shortLots + (long ? lots : -lots);
      longLots = net > 0 ? net : 0;
      shortLots = net < 0 ? -net : 0;
    }
    maint += maintenanceOf(c, mark, longLots) + maintenanceOf(c, mark, shortLots);
    return equity <= maint ? "crossed equity" : undefined;
  }

  /**
   * The simulation account's reset (docs/decisions/312): its futures orders are cancelled, its
   * positions pass to the house market maker at the mark, and its balance goes back to spot, where
   * the spot reset sweeps it; equity stays conserved.
   */
  resetPaper(userId: string): void {
    const ts = Date.now();
    const ch = newFxChange();
    for (const o of this.ordersOf("paper", userId)) this.finish(o, "cancelled", "account reset", ch);
    const house = this.account("paper", "house-fx-mm");
    for (const p of this.positionsOf("paper", userId)) {
      const c = contract(p.symbol) as Contract;
      const value = this.markValue(p);
      const size = p.size;
      const side: Side = p.holdSide === "long" ? "buy" : "sell";
      this.credit(this.account("paper", userId), this.reduce(p, size, value, ts, ch, "reset"), "system_reset", c.symbol, 0n, ts, ch);
      house.balance += this.net(c, house, side, size, value, UNMARGINED_TERMS, ts, ch);
      ch.accounts.add(house);
    }
    const a = this.account("paper", userId);
    if (a.balance < 0n) {
      // a loss beyond the balance is the house's: a demo account never owes
      house.balance += a.balance;
      this.credit(a, -a.balance, "system_reset", "", 0n, ts, ch);
    }
    a.posMode = "one_way_mode";
    ch.accounts.add(a);
    this.commit(ch);
    if (a.balance > 0n) this.transfer("paper", userId, false, a.balance, String(this.ids.next(ts)));
  }

  // ---- liquidation ------------------------------------------------------------------------------

  /**
   * After a mark update: every user position of the contract whose margin has fallen to its
   * maintenance margin (isolated: its own margin; crossed: the account's crossed equity) is taken
   * over by the protection fund at the bankruptcy price and worked off in the book
   * (docs/decisions/313). Positions closer than WARNING_RATIO are warned about.
   */
  checkLiquidations(env: Env, c: Contract, ts: number): void {
    const set = this.bySymbol.get(`${env}:${c.symbol}`);
    if (!set || set.size === 0) return;
    const mark = this.market.price(env, c.symbol).mark;
    const ch = newFxChange();
    const bookKey = `${env}:${c.symbol}`;
    // isolated: only the positions whose band the mark has left
    for (const p of this.isoRisk.atRisk(bookKey, mark)) {
      if (p.size === 0 || p.marginMode !== "isolated") continue;
      const value = this.markValue(p);
      const equity = p.margin + upnl(p, value);
      const maint = this.maintenance(p, value);
      if (equity <= maint) this.liquidateIsolated(c, p, ts, ch);
      else {
        this.warn(p, maint, equity, ts);
        this.fileIsolated(p, true);
      }
    }
    // crossed: the accounts whose band in this contract the mark has left, and those crossed in several contracts
    for (const h of this.crossRisk.atRisk(bookKey, mark)) {
      const p = this.positionsOf(env, h.userId, c.symbol).find((x) => x.marginMode === "crossed");
      if (!p) continue;
      const s = this.summary(env, h.userId);
      if (s.crossMargin > 0n && s.crossEquity <= s.maintenance) this.liquidateCross(env, h.userId, ts, ch);
      else {
        this.warn(p, s.maintenance, s.crossEquity, ts);
        this.fileCrossed(s.account, true);
      }
    }
    const liquidated = !isEmpty(ch);
    // what the fund holds in the contract (taken over now or before) is deleveraged once it cannot carry it
    this.deleverage(env, c, ts, ch);
    // and what it still holds after a liquidation is worked off in the book, as before
    if (liquidated) this.workOff(env, c, ch, ts);
    this.commit(ch);
  }

  /** The risk leg of a position at `mark`: its lots, its tier's maintenance rate and where that tier ends. */
  private leg(c: Contract, p: Position | undefined, mark: number, lots = p ? BigInt(p.size) : 0n): RiskLeg {
    if (!p || p.size === 0) return NO_LEG;
    const tier = tierAt(c, notional(c.inst, mark, p.size));
    return { lots, mmrPpm: tier.mmrPpm, tierEnd: tierEnd(c, tier) };
  }

  /** Files a user's isolated position by the marks that put it at risk (or drops it: closed, crossed, unmargined). */
  private fileIsolated(p: Position, again = false): void {
    // a crossed position is never filed here (a position keeps its margin mode): nothing to drop
    if (p.marginMode !== "isolated") return;
    if (p.size === 0 || UNMARGINED.has(p.userId)) return this.isoRisk.drop(p);
    // isolated equity: margin + value − cost (long), margin + cost − value (short)
    const long = p.holdSide === "long";
    const k = long ? p.margin - p.cost : p.margin + p.cost;
    const lots = BigInt(p.size);
    // a band stays right while what it was computed from is unchanged (the tier it used bounds the rate)
    if (!again && this.isoRisk.filedAs(p, k, long ? lots : 0n, long ? 0n : lots)) return;
    const c = CONTRACT_OF.get(p.symbol) as Contract;
    const mark = this.market.price(p.env, p.symbol).mark;
    const leg = this.leg(c, p, mark, lots);
    const unit = c.inst.quoteUnitsPerTickLot;
    const band = long ? riskBand(k, leg, NO_LEG, unit) : riskBand(k, NO_LEG, leg, unit);
    const stamp = { k, long: long ? lots : 0n, short: long ? 0n : lots };
    if (again) this.isoRisk.file(bookKey(p.env, p.symbol), p, band, stamp);
    else this.isoRisk.refile(bookKey(p.env, p.symbol), p, band, stamp, mark);
  }

  /**
   * Files an account's crossed holdings: by the marks that put it at risk when they are all in one
   * contract (its crossed equity then moves with that contract's mark alone), otherwise to be
   * visited on every mark update of each contract it holds crossed.
   */
  private fileCrossed(a: FxAccount, again = false): void {
    // one pass over the account's positions: its crossed contracts (usually none or one) and isolated margins
    let symbol: string | undefined;
    let several = false;
    let long: Position | undefined;
    let short: Position | undefined;
    let isoMargin = 0n;
    if (!UNMARGINED.has(a.userId))
      for (const p of this.byUser[a.env].get(a.userId) ?? []) {
        if (p.size === 0) continue;
        if (p.marginMode !== "crossed") isoMargin += p.margin;
        else {
          if (symbol !== undefined && symbol !== p.symbol) several = true;
          symbol ??= p.symbol;
          if (p.holdSide === "long") long = p;
          else short = p;
        }
      }
    const held = this.crossHeld.get(a);
    if (symbol === undefined && !held) return;
    // the contracts it still holds crossed: a set only when there are several (a fill's refile makes none)
    const symbols = several ? this.crossedSymbols(a) : undefined;
    // (usually it holds exactly the one contract it is filed under: nothing to drop, no walk)
    if (held && (symbols !== undefined || held.size !== 1 || symbol === undefined || !held.has(symbol)))
      for (const [s, h] of [...held])
        if (symbols ? !symbols.has(s) : s !== symbol) {
          this.crossRisk.drop(h);
          held.delete(s);
        }
    if (symbol === undefined) {
      this.crossHeld.delete(a);
      return;
    }
    const filed = held ?? mapEntry(this.crossHeld, a, newMap<string, CrossHolding>);
    if (symbols) {
      for (const s of symbols)
        this.crossRisk.fileAlways(
          bookKey(a.env, s),
          mapEntry(filed, s, () => ({ env: a.env, userId: a.userId, symbol: s, balance: a.balance })),
        );
      return;
    }
    let h = filed.get(symbol);
    if (!h) {
      h = { env: a.env, userId: a.userId, symbol, balance: a.balance };
      filed.set(symbol, h);
    }
    h.balance = a.balance;
    // crossed equity: balance − isolated margins + value(long) − cost(long) + cost(short) − value(short)
    const k = a.balance - isoMargin - (long?.cost ?? 0n) + (short?.cost ?? 0n);
    const longLots = long ? BigInt(long.size) : 0n;
    const shortLots = short ? BigInt(short.size) : 0n;
    if (!again && this.crossRisk.filedAs(h, k, longLots, shortLots)) return;
    const c = CONTRACT_OF.get(symbol) as Contract;
    const mark = this.market.price(a.env, symbol).mark;
    const band = riskBand(k, this.leg(c, long, mark, longLots), this.leg(c, short, mark, shortLots), c.inst.quoteUnitsPerTickLot);
    const stamp = { k, long: longLots, short: shortLots };
    if (again) this.crossRisk.file(bookKey(a.env, symbol), h, band, stamp);
    else this.crossRisk.refile(bookKey(a.env, symbol), h, band, stamp, mark);
  }

  /** Whether an account holding crossed positions has a balance other than its band was filed with (a frozen order margin moves nothing). */
  private balanceMoved(a: FxAccount): boolean {
    const held = this.crossHeld.get(a);
    if (!held) return false;
    for (const h of held.values()) if (h.balance !== a.balance) return true;
    return false;
  }

  /** The contracts an account holds crossed positions in. */
  private crossedSymbols(a: FxAccount): Set<string> {
    const out = new Set<string>();
    for (const p of this.byUser[a.env].get(a.userId) ?? []) if (p.size > 0 && p.marginMode === "crossed") out.add(p.symbol);
    return out;
  }

  private warn(p: Position, maint: bigint, equity: bigint, ts: number): void {
    if (this.warnings.size === 0) return;
    const ratio = equity <= 0n ? 1 : Number((maint * 10_000n) / equity) / 10_000;
    if (ratio < WARNING_RATIO) return;
    const key = `${p.env}:${p.userId}:${p.symbol}:${p.holdSide}`;
    if ((this.warned.get(key) ?? 0) > ts - 60_000) return;
    this.warned.set(key, ts);
    for (const l of this.warnings) l(p, ratio);
  }

  /** Isolated: the position goes to the fund at its bankruptcy value (the user's margin is spent). */
  private liquidateIsolated(c: Contract, p: Position, ts: number, ch: FxChange): void {
    for (const o of this.ordersOf(p.env, p.userId, c.symbol))
      if (o.posSide === p.holdSide || o.posMode === "one_way_mode") this.finish(o, "cancelled", "liquidation", ch);
    const bankrupt = p.holdSide === "long" ? p.cost - p.margin : p.cost + p.margin;
    this.takeOver(c, p, bankrupt > 0n ? bankrupt : 0n, ts, ch);
  }

  /** Crossed: every crossed position of the account goes to the fund at its mark value; the fund covers a negative balance. */
  private liquidateCross(env: Env, userId: string, ts: number, ch: FxChange): void {
    for (const o of this.ordersOf(env, userId)) this.finish(o, "cancelled", "liquidation", ch);
    const crossed = this.positionsOf(env, userId).filter((p) => p.marginMode === "crossed");
    // what the account owes beyond its crossed equity at the marks (a gap past bankruptcy) is not the
    // fund's: each position is taken over at its share of the bankruptcy value, so the account ends
    // at zero and the work-off and deleveraging, bounded by the takeover price, put the gap on the
    // other side of the book, as an isolated takeover does (docs/decisions/341)
    const values = crossed.map((p) => this.markValue(p));
    const owed = -this.summary(env, userId).crossEquity;
    if (owed > 0n) {
      let total = 0n;
      for (const v of values) total += v;
      let left = owed;
      crossed.forEach((p, i) => {
        const share = i === crossed.length - 1 || total === 0n ? left : (owed * (values[i] as bigint)) / total;
        left -= share;
        // a long taken over dearer, a short cheaper: the account realises `share` more
        const v = values[i] as bigint;
        // (a short is never taken over below nothing: what a gap leaves beyond that, the fund covers below)
        values[i] = p.holdSide === "long" ? v + share : v > share ? v - share : 0n;
      });
    }
    crossed.forEach((p, i) => this.takeOver(contract(p.symbol) as Contract, p, values[i] as bigint, ts, ch));
    const a = this.account(env, userId);
    let isolated = 0n;
    for (const p of this.positionsOf(env, userId)) isolated += p.margin;
    const deficit = isolated - a.balance;
    if (deficit > 0n) {
      this.credit(this.account(env, PROTECTION_FUND), -deficit, "liquidation_cover", "", 0n, ts, ch);
      this.credit(a, deficit, "liquidation_cover", "", 0n, ts, ch);
    }
  }

  /** Moves a whole position to the protection fund at `value`: the user realises value − cost, the fund holds it from there. */
  private takeOver(c: Contract, p: Position, value: bigint, ts: number, ch: FxChange): void {
    const a = this.account(p.env, p.userId);
    const side: Side = p.holdSide === "long" ? "buy" : "sell";
    const size = p.size;
    const realised = this.reduce(p, size, value, ts, ch, "liquidation");
    this.credit(a, realised, p.holdSide === "long" ? "burst_long_loss_query" : "burst_short_loss_query", c.symbol, 0n, ts, ch);
    const fund = this.account(p.env, PROTECTION_FUND);
    fund.balance += this.net(c, fund, side, size, value, UNMARGINED_TERMS, ts, ch);
    ch.accounts.add(fund);
  }

  /** The protection fund's equity: its balance and the unrealised PnL of what it holds, at the marks. */
  fundEquity(env: Env): bigint {
    let equity = this.account(env, PROTECTION_FUND).balance;
    for (const p of this.positionsOf(env, PROTECTION_FUND)) equity += upnl(p, this.markValue(p));
    return equity;
  }

  /**
   * Auto-deleveraging (docs/decisions/317): when the fund's equity is below zero it cannot carry
   * what it took over, so its position in the contract is closed against the users holding the
   * opposite side, best ranked first (adlRanking), at the price the fund took it over at (the
   * bankrupt positions' bankruptcy price): the fund neither gains nor loses on it, and each user
   * realises PnL at that price, with a filled system order, a fill and a bill that say so.
   */
  private deleverage(env: Env, c: Contract, ts: number, ch: FxChange): void {
    for (const side of ["long", "short"] as const) if (this.fundEquity(env) < 0n) this.deleverageSide(env, c, side, ts, ch);
  }

  /** Closes the fund's position on `side` against the opposite users, best ranked first, at the fund's own entry value. */
  private deleverageSide(env: Env, c: Contract, side: HoldSide, ts: number, ch: FxChange): void {
    const fp = this.position(env, PROTECTION_FUND, c.symbol, side);
    if (!fp) return;
    const mark = this.market.price(env, c.symbol).mark;
    for (const p of this.adlRanking(env, c, side === "long" ? "short" : "long")) {
      const q = Math.min(fp.size, p.size);
      // the fund's entry value of q, as reduce() releases it (the fund realises zero), unless the mark
      // is better for the fund: a position it was stuck with and that moved its way is closed at the
      // mark, so deleveraging never hands the fund's unrealised profit to the counterparty
      const entry = q >= fp.size ? fp.cost : (fp.cost * BigInt(q)) / BigInt(fp.size);
      const atMark = notional(c.inst, mark, q);
      const value = side === "long" ? (atMark > entry ? atMark : entry) : atMark < entry ? atMark : entry;
      this.adlClose(c, p, q, value, ts, ch);
      const fund = this.account(env, PROTECTION_FUND);
      this.credit(fund, this.reduce(fp, q, value, ts, ch), side === "long" ? "adl_close_long" : "adl_close_short", c.symbol, 0n, ts, ch);
      if (fp.size === 0) break;
    }
  }

  /**
   * Users' positions on `side` of a contract in the order auto-deleveraging takes them (Bitget's
   * ranking idea): the most profitable and most leveraged first. The score is the PnL ratio
   * (unrealised PnL / entry value) times the effective leverage (mark value / margin equity) when
   * in profit, divided by it when at a loss; ties go to the larger position, then the older id.
   */
  adlRanking(env: Env, c: Contract, side: HoldSide): Position[] {
    const scored: Array<{ p: Position; score: number }> = [];
    for (const p of this.bySymbol.get(`${env}:${c.symbol}`) ?? []) {
      if (p.size === 0 || p.holdSide !== side || UNMARGINED.has(p.userId)) continue;
      const value = this.markValue(p);
      const u = upnl(p, value);
      const equity = p.marginMode === "isolated" ? p.margin + u : this.summary(env, p.userId).crossEquity;
      const ratio = Number(u) / Number(p.cost);
      const lever = equity > 0n ? Number(value) / Number(equity) : Number.MAX_SAFE_INTEGER;
      scored.push({ p, score: u >= 0n ? ratio * lever : ratio / lever });
    }
    scored.sort((x, y) => y.score - x.score || y.p.size - x.p.size || (x.p.id < y.p.id ? -1 : x.p.id > y.p.id ? 1 : 0));
    return scored.map((x) => x.p);
  }

  /** Closes `qty` of a user's position at `value` for auto-deleveraging: a filled system order, its fill and bill. */
  private adlClose(c: Contract, p: Position, qty: number, value: bigint, ts: number, ch: FxChange): void {
    const a = this.account(p.env, p.userId);
    const hedge = a.posMode === "hedge_mode";
    const side: Side = p.holdSide === "long" ? "sell" : "buy";
    const ticks = Number(value / (BigInt(qty) * c.inst.quoteUnitsPerTickLot));
    const o = newFxOrder(
      this.ids,
      {
        env: p.env,
        userId: p.userId,
        symbol: c.symbol,
        side,
        type: "market",
        force: "ioc",
        price: ticks,
        size: qty,
        clientOid: "",
        source: "SYS",
        tradeSide: "close",
        // hedge mode names the position; one-way orders carry their direction
        posSide: hedge ? p.holdSide : side === "buy" ? "long" : "short",
        reduceOnly: !hedge,
        posMode: a.posMode,
        leverage: p.leverage,
        marginMode: p.marginMode,
        account: a,
      },
      ts,
    );
    // the position's closing orders were sized for what it held: they go, as a liquidation's do
    for (const x of this.ordersOf(p.env, p.userId, c.symbol))
      if (x.tradeSide === "close" && (!hedge || x.posSide === p.holdSide)) this.finish(x, "cancelled", ADL_REASON, ch);
    const realised = this.reduce(p, qty, value, ts, ch, "adl");
    o.profit = realised;
    o.filled = qty;
    o.filledQuote = value;
    o.status = "filled";
    o.cancelReason = ADL_REASON;
    ch.orders.add(o);
    this.credit(a, realised, p.holdSide === "long" ? "adl_close_long" : "adl_close_short", c.symbol, 0n, ts, ch);
    const tradeId = this.ids.text(this.ids.next(ts));
    ch.fill({ tradeId, order: o, price: ticks, size: qty, quote: value, fee: 0n, profit: realised, scope: "taker", ts });
  }

  /**
   * The fund closes what it took over in the book, never at a loss (docs/decisions/341): a long is
   * sold at no less than its entry value per lot (rounded up to the tick), a short bought back at
   * no more (rounded down), so no fill can pay worse than the takeover (bankruptcy) price, whatever
   * rests in the book. What cannot fill there is auto-deleveraged at the fund's entry value against
   * the users on the other side; what neither can close (no such users) the fund keeps.
   */
  private workOff(env: Env, c: Contract, ch: FxChange, ts: number): void {
    const book = this.market.book(env, c.symbol);
    for (const side of ["long", "short"] as const) {
      const p = this.position(env, PROTECTION_FUND, c.symbol, side);
      if (!p) continue;
      const sell = side === "long";
      const per = BigInt(p.size) * c.inst.quoteUnitsPerTickLot;
      const bound = Number(sell ? (p.cost + per - 1n) / per : p.cost / per);
      if (bound >= 1) this.workOffAt(c, book, p, sell, bound, ch);
      if (p.size > 0) this.deleverageSide(env, c, side, ts, ch);
    }
  }

  /** The fund's IOC order for its whole position on one side, limited to `bound` ticks. */
  private workOffAt(c: Contract, book: Book, p: Position, sell: boolean, bound: number, ch: FxChange): void {
    const o = newOrder(this.ids, {
      env: p.env,
      userId: PROTECTION_FUND,
      symbol: c.symbol,
      side: sell ? "sell" : "buy",
      type: "limit",
      force: "ioc",
      price: bound,
      size: p.size,
      house: true,
      source: "SYS",
    }) as FxOrder;
    matchTaker(
      book,
      o,
      (m, price, qty) => this.onMatch(c, m as FxOrder, o, price, qty, ch),
      (m) => this.capMaker(m as FxOrder, ch),
    );
  }

  // ---- funding --------------------------------------------------------------------------------

  /**
   * Settles a funding rate over every position of a contract, house included: payers pay their
   * share rounded up, receivers get theirs rounded down, and the rounding goes to the protection
   * fund, so the sum is exactly zero.
   */
  settleFunding(env: Env, c: Contract, ratePpm: number, mark: number, ts: number, record?: () => void): void {
    const ch = newFxChange();
    // the rate's record is written in the same transaction as the payments
    if (record) ch.also(record);
    if (ratePpm === 0) {
      this.commit(ch);
      return;
    }
    const rate = BigInt(ratePpm);
    let paid = 0n;
    let received = 0n;
    for (const p of this.bySymbol.get(`${env}:${c.symbol}`) ?? []) {
      if (p.size === 0) continue;
      const value = notional(c.inst, mark, p.size);
      const pays = (p.holdSide === "long") === ratePpm > 0;
      const exact = value * (rate < 0n ? -rate : rate);
      const amount = pays ? (exact + PPM - 1n) / PPM : exact / PPM;
      if (amount === 0n) continue;
      const a = this.account(env, p.userId);
      const delta = pays ? -amount : amount;
      if (pays) paid += amount;
      else received += amount;
      p.funding += delta;
      if (p.marginMode === "isolated") p.margin += delta;
      ch.positions.add(p);
      this.credit(a, delta, "contract_settle_fee", c.symbol, 0n, ts, ch);
    }
    if (paid !== received) this.credit(this.account(env, PROTECTION_FUND), paid - received, "funding_rounding", c.symbol, 0n, ts, ch);
    this.commit(ch);
    // a payment can take a position under its maintenance margin with the mark unchanged: the price
    // step's check has already run, so check again now rather than at the next step (docs/decisions/344)
    this.checkLiquidations(env, c, ts);
  }

  /** Open interest in lots: every long, house included (it equals the shorts). */
  openInterest(env: Env, symbol: string): number {
    let n = 0;
    for (const p of this.bySymbol.get(`${env}:${symbol}`) ?? []) if (p.holdSide === "long") n += p.size;
    return n;
  }

  protectionFund(env: Env): bigint {
    return this.account(env, PROTECTION_FUND).balance;
  }

  // ---- bookkeeping ----------------------------------------------------------------------------

  commit(ch: FxChange): void {
    if (isEmpty(ch)) return;
    this.refile(ch);
    if (this.committing.size > 0) for (const l of this.committing) l(ch);
    this.persist(ch);
    if (this.committed.size > 0) for (const l of this.committed) l(ch);
  }

  /** Files again what a change may have moved: its positions, and the crossed holdings of every account it touched. */
  private refile(ch: FxChange): void {
    // each account once, however many of its positions and accounts the change holds (a mass liquidation is one change);
    // most changes (a resting order, a cancel) hold no position and need no such set
    if (!ch.hasPositions()) {
      // a margined account's balance moves only through credit(), which writes a bill: a change without
      // bills (a resting order, a cancel: only frozen margin moves) has moved no band
      if (ch.bills.length === 0) return;
      for (const a of ch.accounts) if (this.balanceMoved(a)) this.fileCrossed(a);
      return;
    }
    // the accounts already filed: a fill touches two or three, so a list is enough (a Set past a few)
    const done: FxAccount[] = [];
    let doneSet: Set<FxAccount> | undefined;
    for (const p of ch.positions) {
      this.fileIsolated(p);
      const a = this.account(p.env, p.userId);
      if (doneSet ? doneSet.has(a) : done.includes(a)) continue;
      if (doneSet) doneSet.add(a);
      else if (done.push(a) > 8) doneSet = new Set(done);
      this.fileCrossed(a);
    }
    for (const a of ch.accounts) if (!(doneSet ? doneSet.has(a) : done.includes(a)) && this.balanceMoved(a)) this.fileCrossed(a);
  }

  /** Writes a change in one transaction (the benchmark measures the engine without it). */
  protected persist(ch: FxChange): void {
    this.db.transaction(() => this.store.write(ch))();
  }

  private index(p: Position): void {
    const mine = mapEntry(this.byUser[p.env], p.userId, newList<Position>);
    if (!mine.includes(p)) mine.push(p);
    mapEntry(this.bySymbol, `${p.env}:${p.symbol}`, newSet<Position>).add(p);
  }

  private unindex(p: Position): void {
    this.bySymbol.get(`${p.env}:${p.symbol}`)?.delete(p);
    const mine = this.byUser[p.env].get(p.userId);
    const i = mine ? mine.indexOf(p) : -1;
    if (i >= 0) mine!.splice(i, 1);
  }

  private track(o: FxOrder): void {
    if (o.tradeSide === "close" && !o.house) {
      const a = o.account ?? this.account(o.env, o.userId);
      this.closingOpen.set(a, (this.closingOpen.get(a) ?? 0) + 1);
    }
    this.open.add(o);
    mapEntry(this.openByUser[o.env], o.userId, newUserOrders).add(o);
    if (o.clientOid) this.openByOid.set(`${o.env}:${o.userId}:${o.clientOid}`, o);
  }

  private untrack(o: FxOrder): void {
    if (o.tradeSide === "close" && !o.house && o.userPos !== -1 && this.open.has(o.id)) {
      const a = o.account ?? this.account(o.env, o.userId);
      const n = (this.closingOpen.get(a) ?? 0) - 1;
      if (n > 0) this.closingOpen.set(a, n);
      else this.closingOpen.delete(a);
    }
    this.open.remove(o);
    this.openByUser[o.env].get(o.userId)?.remove(o);
    if (o.clientOid) this.openByOid.delete(`${o.env}:${o.userId}:${o.clientOid}`);
  }
}
