import type { BillGroup, BusinessType, Force, OrderStatus, OrderType, Side, StpMode } from "../../../protocol/bitget.ts";

/** Live trading and the per-user simulation (paptrading) accounts have separate books and ledgers. */
export type Env = "live" | "paper";
export const ENVS: readonly Env[] = ["live", "paper"];

export interface Level {
  price: number;
  head: Order | null;
  tail: Order | null;
  lots: number;
  count: number;
  /** The side this level belongs to: a resting order reaches its book through `order.level`, without map lookups. */
  side: LevelSide;
}

/** What an order needs of the book side it rests on (book.ts's BookSide), declared here so types stay below the book. */
export interface LevelSide {
  remove(order: Order, lots: number): void;
  readonly book: { touch(side: Side, price: number): void };
}

/** What an order and a plan order share: their id from the engine's sequence, and whose they are on which pair and side. */
export interface Placed {
  /** Decimal string of `seq`: Bitget order ids are numeric strings. */
  id: string;
  /** Monotonic across restarts: the time priority used to rebuild books. */
  seq: number;
  env: Env;
  userId: string;
  symbol: string;
  side: Side;
}

export interface Order extends Placed {
  type: OrderType;
  force: Force;
  stp: StpMode;
  /** Limit price in ticks; 0 for market orders. */
  price: number;
  /** Size in lots; 0 for a market buy, which is sized in quote (`quoteSize`). */
  size: number;
  /** Market-buy budget in quote ledger units. */
  quoteSize: bigint;
  filled: number;
  filledQuote: bigint;
  /** Fee charged so far, in the received coin (base for buys, quote for sells). */
  fee: bigint;
  /** Fee charged so far in the platform coin instead (docs/decisions/353), from the owner's spot balance. */
  deductFee: bigint;
  /** Still frozen for this order: quote units for buys, base units for sells. */
  frozen: bigint;
  status: OrderStatus;
  clientOid: string;
  cTime: number;
  uTime: number;
  cancelReason: string;
  /** Liquidity of the simulated market (market makers, random takers): outside the ledger. */
  house: boolean;
  /** Where the order came from (Bitget `enterPointSource`): API, WEB, SYS. */
  source: string;
  /** The price level the order rests in; null when it is not in a book (its test for "open"). */
  level: Level | null;
  /** Place in the insertion order of the engine's open orders; -1 when not open. */
  openPos: number;
  // intrusive FIFO links of the price level
  prev: Order | null;
  next: Order | null;
  /** Resolved once when the order enters the engine, so matching does no map lookups. */
  quoteBal: Balance | null;
  baseBal: Balance | null;
  rates: { maker: bigint; taker: bigint } | null;
}

export interface Fill {
  tradeId: string;
  env: Env;
  symbol: string;
  price: number;
  size: number;
  quote: bigint;
  takerSide: Side;
  maker: Order;
  taker: Order;
  /** Each side's fee: in the coin it received, or in the platform coin when its `…Deduct` is true (docs/decisions/353). */
  makerFee: bigint;
  takerFee: bigint;
  makerDeduct: boolean;
  takerDeduct: boolean;
  ts: number;
}

/** What one side of a fill paid in the coin it received (0 when it paid in the platform coin). */
export function receivedFee(f: Fill, o: Order): bigint {
  return o === f.maker ? (f.makerDeduct ? 0n : f.makerFee) : f.takerDeduct ? 0n : f.takerFee;
}

/** A fill's user sides (house orders have no fills of their own): each order, its scope, its fee and whether it was paid in the platform coin. */
export function userSides(f: Fill): Array<{ order: Order; scope: "maker" | "taker"; fee: bigint; deduct: boolean }> {
  const out: Array<{ order: Order; scope: "maker" | "taker"; fee: bigint; deduct: boolean }> = [];
  if (!f.maker.house) out.push({ order: f.maker, scope: "maker", fee: f.makerFee, deduct: f.makerDeduct });
  if (!f.taker.house) out.push({ order: f.taker, scope: "taker", fee: f.takerFee, deduct: f.takerDeduct });
  return out;
}

export interface Balance {
  env: Env;
  userId: string;
  coin: string;
  available: bigint;
  frozen: bigint;
  uTime: number;
}

export interface Bill {
  /** Numeric (monotonic) id; Bitget's `billId` is its decimal string. */
  id: number;
  env: Env;
  userId: string;
  coin: string;
  group: BillGroup;
  business: BusinessType;
  size: bigint;
  /** Total balance (available + frozen) after the entry. */
  balance: bigint;
  fees: bigint;
  refId: string;
  ts: number;
}

/** Everything one engine call touched: written to storage in the same transaction. */
export interface Change {
  /** May hold an order or balance more than once (cheaper than a Set on the matching path); rows are final values. */
  orders: Order[];
  fills: Fill[];
  bills: Bill[];
  balances: Balance[];
  /** Further writes of the same transaction (account rows, applied deposits). */
  extra: Array<() => void>;
}

export function newChange(): Change {
  return { orders: [], fills: [], bills: [], balances: [], extra: [] };
}

export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Accounts the ledger never debits below zero; these fund demo coins, welcome balances and deposits. */
export const TREASURY = "treasury";
/** Collects trading fees. */
export const FEE_ACCOUNT = "fees";

/**
 * The user an engine identity belongs to: a margin account's key is `owner#...`
 * (docs/decisions/320); a real user's id has no `#`.
 */
export function ledgerOwner(userId: string): string {
  const i = userId.indexOf("#");
  return i <= 0 ? userId : userId.slice(0, i);
}
