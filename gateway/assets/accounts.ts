/**
 * What each account of a user is worth in USDT now (docs/decisions/331): the spot ledger, the
 * USDT-M futures account with its unrealised PnL, and the crossed and isolated margin accounts net
 * of what they owe, every coin at the spot last price. Read only: valuing an account never opens it.
 */
import type { AssetAccountType } from "../../protocol/assets.ts";
import type { Balance, Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { COINS } from "../exchange/instruments.ts";
import type { FuturesService } from "../futures/service.ts";
import { accountKey } from "../margin/accounts.ts";
import type { AccountState, MarginService } from "../margin/service.ts";
import { Valuation } from "../margin/valuation.ts";

/** One account valued: USDT ledger units (10^-8), what it holds per coin in USDT, and whether it was ever used. */
export interface AccountValue {
  type: AssetAccountType;
  usdt: bigint;
  coins: Map<string, bigint>;
  exists: boolean;
}

const used = (b: Balance | undefined) => b !== undefined && (b.available > 0n || b.frozen > 0n || b.uTime > 0);

export class AccountValues {
  readonly valuation: Valuation;

  constructor(
    private readonly exchange: Exchange,
    private readonly futures: FuturesService,
    private readonly margin: MarginService,
  ) {
    this.valuation = new Valuation(exchange);
  }

  /** Every account kind of the user, in ASSET_ACCOUNT_TYPES order; `exists` says which were ever used. */
  of(env: Env, userId: string): AccountValue[] {
    return [this.spot(env, userId), this.futuresOf(env, userId), this.crossed(env, userId), this.isolated(env, userId)];
  }

  spot(env: Env, userId: string): AccountValue {
    const coins = new Map<string, bigint>();
    let usdt = 0n;
    let exists = false;
    for (const coin of COINS) {
      const b = this.exchange.svc.engine.balances.get(`${env}:${userId}:${coin}`);
      if (!used(b)) continue;
      exists = true;
      const v = this.valuation.value(env, coin, (b as Balance).available + (b as Balance).frozen);
      if (v !== 0n) coins.set(coin, v);
      usdt += v;
    }
    return { type: "spot", usdt, coins, exists };
  }

  futuresOf(env: Env, userId: string): AccountValue {
    // summary() opens the account it reads: one that was never used is worth nothing
    if (!this.futures.findAccount(env, userId)) return { type: "futures", usdt: 0n, coins: new Map(), exists: false };
    const s = this.futures.summary(env, userId);
    const exists = s.account.uTime > 0 || s.account.balance !== 0n;
    const coins = new Map<string, bigint>(s.equity !== 0n ? [["USDT", s.equity]] : []);
    return { type: "futures", usdt: s.equity, coins, exists };
  }

  crossed(env: Env, userId: string): AccountValue {
    const ref = this.margin.ref(userId, "crossed");
    const key = accountKey(userId, "crossed");
    const balances = this.exchange.svc.engine.balances;
    const exists = COINS.some((c) => used(balances.get(`${env}:${key}:${c}`)) || this.margin.loan(env, key, c) !== undefined);
    if (!exists) return { type: "crossed_margin", usdt: 0n, coins: new Map(), exists };
    const coins = new Map<string, bigint>();
    return { type: "crossed_margin", usdt: this.net(this.margin.state(env, ref), coins), coins, exists };
  }

  isolated(env: Env, userId: string): AccountValue {
    const refs = this.margin.isolatedRefs(env, userId);
    const coins = new Map<string, bigint>();
    let usdt = 0n;
    for (const ref of refs) usdt += this.net(this.margin.state(env, ref), coins);
    return { type: "isolated_margin", usdt, coins, exists: refs.length > 0 };
  }

  /** A margin account's assets less its liabilities, adding each coin's net value to `coins`. */
  private net(s: AccountState, coins: Map<string, bigint>): bigint {
    for (const c of s.coins) {
      const held = this.valuation.value(s.env, c.coin, c.available + c.frozen);
      const owed = this.valuation.value(s.env, c.coin, c.principal + c.interest, true);
      if (held - owed !== 0n) coins.set(c.coin, (coins.get(c.coin) ?? 0n) + held - owed);
    }
    return s.assets - s.liabilities;
  }
}

/** The most of `coin` that may leave an account now (the transfer dialog's max), in ledger units. */
export function maxTransferOut(
  deps: { exchange: Exchange; futures: FuturesService; margin: MarginService },
  env: Env,
  userId: string,
  from: AssetAccountType,
  coin: string,
  symbol?: string,
): bigint {
  if (from === "spot") return deps.exchange.svc.engine.balances.get(`${env}:${userId}:${coin}`)?.available ?? 0n;
  if (from === "futures") return coin === "USDT" ? deps.futures.available(env, userId) : 0n;
  const ref = deps.margin.ref(userId, from === "crossed_margin" ? "crossed" : "isolated", symbol);
  deps.margin.checkCoin(ref, coin, false);
  return deps.margin.maxTransferOut(env, ref, coin);
}
