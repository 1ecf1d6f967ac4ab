/**
 * What a competition reads of the exchange: a paper account's equity valued at the live market,
 * and whether money came in or left other than by trading (docs/decisions/800). Amounts are
 * ledger units of USDT (1e-8), exact integers (docs/decisions/300).
 */
import type { Exchange } from "../exchange/exchange.ts";
import { COINS, INSTRUMENTS, QUOTE_COIN } from "../exchange/instruments.ts";
import { pow10 } from "../exchange/decimal.ts";

export interface PaperLedger {
  /** Funds the paper account if it was never used, so its starting equity is what it trades with. */
  open(userId: string): Promise<void>;
  /** Balances (available and frozen) of every coin at the live market's price now, or at the minute `at` ended. */
  equity(userId: string, at?: number): bigint;
  /** True when a bill other than a trade (a reset, a deposit, a transfer) moved the account in (after, until]. */
  movedOutsideTrading(userId: string, after: number, until: number): boolean;
}

const NON_TRADE_GROUPS = ["deposit", "withdraw", "transfer", "other"] as const;

/** The embedded exchange's paper ledger. */
export function exchangePaperLedger(exchange: Exchange): PaperLedger {
  const priceTicks = (symbol: string, at?: number): number | undefined => {
    if (at !== undefined) {
      const c = exchange.market.candles.query(symbol, "1min", at, 1)[0];
      if (c) return c.c;
    }
    // The live market's price, which a paper account cannot move (its book is its own).
    return exchange.market.candles.lastPrice(symbol);
  };
  return {
    async open(userId) {
      await exchange.svc.assets("paper", userId);
    },
    equity(userId, at) {
      let total = 0n;
      for (const coin of COINS) {
        const b = exchange.svc.engine.balance("paper", userId, coin);
        const units = b.available + b.frozen;
        if (units === 0n) continue;
        if (coin === QUOTE_COIN) {
          total += units;
          continue;
        }
        const inst = INSTRUMENTS.find((i) => i.baseCoin === coin);
        const ticks = inst ? priceTicks(inst.symbol, at) : undefined;
        // A coin without a price is worth nothing rather than a guess.
        if (!inst || ticks === undefined) continue;
        total += (units * BigInt(ticks)) / pow10(inst.pricePrecision);
      }
      return total;
    },
    movedOutsideTrading(userId, after, until) {
      return NON_TRADE_GROUPS.some(
        (group) =>
          exchange.svc.store.bills({
            env: "paper",
            user: userId,
            coin: null,
            group,
            business: null,
            start: after + 1,
            end: until,
            before: Number.MAX_SAFE_INTEGER,
            limit: 1,
          }).length > 0,
      );
    },
  };
}
