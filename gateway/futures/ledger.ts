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

/** Everything one call touched, written in one SQLite transaction before the caller is answered. */
export interface FxChange {
  accounts: Set<FxAccount>;
  positions: Set<Position>;
  closed: Position[];
  orders: Set<FxOrder>;
  fills: FxFillRow[];
  bills: FxBill[];
  fund: boolean;
  extra: Array<() => void>;
}

export function newFxChange(): FxChange {
  return { accounts: new Set(), positions: new Set(), closed: [], orders: new Set(), fills: [], bills: [], fund: false, extra: [] };
}

export function isEmpty(ch: FxChange): boolean {
  return (
    ch.accounts.size + ch.positions.size + ch.closed.length + ch.orders.size + ch.fills.length + ch.bills.length + ch.extra.length === 0 &&
    !ch.fund
  );
}

/** Unrealised PnL of a position at `value` (the mark value of its size, ledger units). */
export function upnl(p: Pick<Position, "holdSide" | "cost">, value: bigint): bigint {
  return p.holdSide === "long" ? value - p.cost : p.cost - value;
}
