/**
 * The futures ledger's records (docs/decisions/312): USDT accounts, per-contract settings,
 * positions and futures orders, and the change one engine call makes. Money is integer ledger
 * units (bigint, LEDGER_SCALE) as in the spot engine; sizes are integer lots.
 */
import type { HoldSide, MarginMode, PosMode } from "../../protocol/mix.ts";
import type { Env, Order } from "../exchange/engine/types.ts";

export interface FxAccount {
  env: Env;
  userId: string;
  /** Wallet balance: transfers in, realised PnL, fees and funding (isolated margins are part of it). */
  balance: bigint;
  /** Margin frozen for opening orders. */
  frozen: bigint;
  posMode: PosMode;
  uTime: number;
}

export interface FxSettings {
  marginMode: MarginMode;
  longLever: number;
  shortLever: number;
  crossLever: number;
}

export interface Position {
  id: string;
  env: Env;
  userId: string;
  symbol: string;
  holdSide: HoldSide;
  /** Lots held. */
  size: number;
  /** Entry value of what is held (ledger units); the average entry is cost / size. */
  cost: bigint;
  /** Isolated margin (ledger units); 0 for crossed positions, whose margin is cost / leverage. */
  margin: bigint;
  marginMode: MarginMode;
  leverage: number;
  realised: bigint;
  fees: bigint;
  funding: bigint;
  openedSize: number;
  openedCost: bigint;
  closedSize: number;
  closedValue: bigint;
  cTime: number;
  uTime: number;
}

export type TradeSide = "open" | "close";

/**
 * Why a position ended (docs/decisions/717): closed by the trader's own order (`close`, also a
 * trigger order of theirs), by its take-profit or stop-loss (a trailing stop is a stop-loss), taken
 * over at liquidation, closed by auto-deleveraging, or by the simulation account's reset.
 */
export type PositionEnd = "close" | "take_profit" | "stop_loss" | "liquidation" | "adl" | "reset";

/** A position that ended in a change: as it was when it ended, why, and the lots that last step closed. */
export interface EndedPosition {
  position: Position;
  reason: PositionEnd;
  size: number;
}

/** A futures order: the spot engine's order shape (it rests on the same books) and what futures add. */
export interface FxOrder extends Order {
  tradeSide: TradeSide;
  /** The position it opens or closes; in one-way mode the side's direction (buy: long). */
  posSide: HoldSide;
  reduceOnly: boolean;
  /** The account's position mode when it was placed (Bitget reports `posSide` "net" in one-way mode). */
  posMode: PosMode;
  leverage: number;
  marginMode: MarginMode;
  /** Margin still frozen for the unfilled part (opening orders). */
  margin: bigint;
  /** Realised PnL of its closing fills. */
  profit: bigint;
  /** The account it trades for (set when it enters the service), so fills and cancels need no lookup. */
  account?: FxAccount;
  /** Place in its user's list of open orders; -1 when not open. */
  userPos?: number;
}

export interface FxFillRow {
  tradeId: string;
  order: FxOrder;
  price: number;
  size: number;
  quote: bigint;
  fee: bigint;
  profit: bigint;
  scope: "maker" | "taker";
  ts: number;
}

export interface FxBill {
  id: number;
  env: Env;
  userId: string;
  symbol: string;
  business: string;
  amount: bigint;
  fee: bigint;
  balance: bigint;
  ts: number;
}

/** What a change holds where it touched none of a kind: shared, and frozen so that nothing is added to it. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * The records of one kind a change touched, each once, in the order first touched: a list while
 * it is short (a call touches one to three accounts and orders; a Set made and filled per call cost
 * more than the scan of so few), with a Set beside it once it grows (a mass liquidation).
 */
export class Touched<T> implements Iterable<T> {
  /** Made with the first record, one slot long (most changes touch one account and one order). */
  private items: T[] | undefined;
  private index: Set<T> | undefined;

  get size(): number {
    return this.items?.length ?? 0;
  }

  has(x: T): boolean {
    return this.index ? this.index.has(x) : (this.items?.includes(x) ?? false);
  }

  add(x: T): this {
    const items = this.items;
    if (items === undefined) {
      this.items = [x];
      return this;
    }
    if (this.index) {
      if (this.index.has(x)) return this;
      this.index.add(x);
    } else {
      if (items.includes(x)) return this;
      if (items.length >= 8) this.index = new Set(items).add(x);
    }
    items.push(x);
    return this;
  }

  [Symbol.iterator](): IterableIterator<T> {
    return (this.items ?? (NONE as readonly T[])).values();
  }
}

/**
 * Everything one call touched, written in one SQLite transaction before the caller is answered.
 * Its sets and lists are made when first written to: most calls (a resting order, a cancel) touch
 * no position and write no bill or fill, and three sets and four lists per call were a measurable
 * share of the order path's garbage (docs/decisions/317). Reading an untouched kind gives an empty list.
 */
export class FxChange {
  private accountSet: Touched<FxAccount> | undefined;
  private positionSet: Touched<Position> | undefined;
  private orderSet: Touched<FxOrder> | undefined;
  private closedList: Position[] | undefined;
  private endedList: EndedPosition[] | undefined;
  private fillList: FxFillRow[] | undefined;
  private billList: FxBill[] | undefined;
  private extraList: Array<() => void> | undefined;
  fund = false;

  get accounts(): Touched<FxAccount> {
    return (this.accountSet ??= new Touched());
  }

  get positions(): Touched<Position> {
    return (this.positionSet ??= new Touched());
  }

  get orders(): Touched<FxOrder> {
    return (this.orderSet ??= new Touched());
  }

  /** Positions closed by this change, as they were when they closed. */
  get closed(): readonly Position[] {
    return this.closedList ?? NONE;
  }

  /** The same positions with why each ended (docs/decisions/717). */
  get ended(): readonly EndedPosition[] {
    return this.endedList ?? NONE;
  }

  get fills(): readonly FxFillRow[] {
    return this.fillList ?? NONE;
  }

  get bills(): readonly FxBill[] {
    return this.billList ?? NONE;
  }

  /** Further writes of the same transaction (settings, a funding rate's record). */
  get extra(): ReadonlyArray<() => void> {
    return this.extraList ?? NONE;
  }

  close(p: Position, reason: PositionEnd = "close", size = 0): void {
    (this.closedList ??= []).push(p);
    (this.endedList ??= []).push({ position: p, reason, size });
  }

  fill(f: FxFillRow): void {
    (this.fillList ??= []).push(f);
  }

  bill(b: FxBill): void {
    (this.billList ??= []).push(b);
  }

  also(write: () => void): void {
    (this.extraList ??= []).push(write);
  }

  /** Whether nothing was touched (asks no set into being). */
  empty(): boolean {
    return (
      (this.accountSet?.size ?? 0) + (this.positionSet?.size ?? 0) + (this.orderSet?.size ?? 0) === 0 &&
      (this.closedList?.length ?? 0) + (this.fillList?.length ?? 0) + (this.billList?.length ?? 0) + (this.extraList?.length ?? 0) === 0 &&
      !this.fund
    );
  }

  /** Whether any position was touched (asks no set into being). */
  hasPositions(): boolean {
    return (this.positionSet?.size ?? 0) > 0;
  }
}

export function newFxChange(): FxChange {
  return new FxChange();
}

export function isEmpty(ch: FxChange): boolean {
  return ch.empty();
}

/** Unrealised PnL of a position at `value` (the mark value of its size, ledger units). */
export function upnl(p: Pick<Position, "holdSide" | "cost">, value: bigint): bigint {
  return p.holdSide === "long" ? value - p.cost : p.cost - value;
}
