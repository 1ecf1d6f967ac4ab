/**
 * What a snapshot counts, read from the areas' in-memory ledgers in one synchronous pass (one
 * turn of the event loop: a consistent cut, nothing moves meanwhile). Only the live environment:
 * simulation coins are no one's money. The rules are docs/proof-of-reserves.md §1.
 */
import { TREASURY, ledgerOwner } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import type { Futures } from "../futures/futures.ts";
import { upnl } from "../futures/ledger.ts";
import type { Margin } from "../margin/margin.ts";

export interface LedgerCut {
  /** user id → coin → what the exchange owes that user (never negative). */
  liabilities: Map<string, Map<string, bigint>>;
  /** coin → what the exchange holds: every live spot-ledger account but the treasury. */
  reserves: Map<string, bigint>;
}

/** Reads the ledgers of the spot, margin and futures areas. */
export type LedgerSource = () => LedgerCut;

function add(m: Map<string, bigint>, coin: string, v: bigint): void {
  m.set(coin, (m.get(coin) ?? 0n) + v);
}

export function liveLedger(exchange: Exchange, margin: Margin, futures: Futures): LedgerSource {
  const isUser = (id: string) => exchange.accounts.of(id) !== undefined;
  return () => {
    const liabilities = new Map<string, Map<string, bigint>>();
    const reserves = new Map<string, bigint>();
    const of = (userId: string) => {
      let m = liabilities.get(userId);
      if (!m) liabilities.set(userId, (m = new Map()));
      return m;
    };
    // margin identities (`u#crossed`, `u#isolated#PAIR`): what each holds per coin, less what it owes
    const marginNet = new Map<string, Map<string, bigint>>();
    const net = (id: string) => {
      let m = marginNet.get(id);
      if (!m) marginNet.set(id, (m = new Map()));
      return m;
    };
    for (const b of exchange.svc.engine.balances.values()) {
      if (b.env !== "live") continue;
      const total = b.available + b.frozen;
      if (b.userId !== TREASURY) add(reserves, b.coin, total);
      const owner = ledgerOwner(b.userId);
      if (!isUser(owner)) continue;
      if (owner === b.userId) add(of(owner), b.coin, total);
      else add(net(b.userId), b.coin, total);
    }
    for (const loan of margin.svc.allLoans()) {
      if (loan.env !== "live" || !isUser(ledgerOwner(loan.account))) continue;
      add(net(loan.account), loan.coin, -(loan.principal + loan.interest));
    }
    // a debt never lowers what is owed in another coin: a coin owed beyond what is held counts 0
    for (const [id, coins] of marginNet) for (const [coin, v] of coins) add(of(ledgerOwner(id)), coin, v > 0n ? v : 0n);
    // futures: wallet balance plus unrealised PnL at the mark; negative equity is the protection fund's
    for (const a of futures.svc.allAccounts()) {
      if (a.env !== "live" || !isUser(a.userId)) continue;
      let equity = a.balance;
      for (const p of futures.svc.positionsOf("live", a.userId)) equity += upnl(p, futures.svc.markValue(p));
      add(of(a.userId), "USDT", equity > 0n ? equity : 0n);
    }
    return { liabilities, reserves };
  };
}
