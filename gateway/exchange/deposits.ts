import type { Db } from "../db/database.ts";
import type { Env } from "./engine/types.ts";

/** Queues an operator credit; the running exchange applies it as a DEPOSIT bill (service.applyDeposits). */
export function queueDeposit(db: Db, d: { env: Env; userId: string; coin: string; amount: bigint }): number {
  const r = db
    .prepare("INSERT INTO ex_deposits (env, user_id, coin, amount, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(d.env, d.userId, d.coin, d.amount, Date.now());
  return Number(r.lastInsertRowid);
}
