/**
 * Each account's VIP level in memory, per environment (docs/decisions/332): read by the futures
 * engine once per order, written only by the VIP service. Built from the store before the engines,
 * so the futures engine can be handed its fee lookup when it is built.
 */
import { ratesFor } from "../../protocol/vip.ts";
import type { FeeLookup } from "../exchange/engine/engine.ts";
import { ledgerOwner, type Env } from "../exchange/engine/types.ts";
import type { VipStore } from "./store.ts";

export class VipLevels {
  private readonly byEnv: Record<Env, Map<string, number>> = { live: new Map(), paper: new Map() };

  constructor(store: VipStore) {
    for (const r of store.levels()) this.byEnv[r.env].set(r.userId, r.level);
  }

  of(env: Env, userId: string): number {
    return this.byEnv[env].get(userId) ?? 0;
  }

  set(env: Env, userId: string, level: number): void {
    if (level === 0) this.byEnv[env].delete(userId);
    else this.byEnv[env].set(userId, level);
  }

  /** The futures engine's rates of an account: its owner's level (a margin key never trades futures, but costs nothing to map). */
  readonly futuresFees: FeeLookup = (env, userId) => ratesFor(this.of(env, ledgerOwner(userId)), "mix");
}
