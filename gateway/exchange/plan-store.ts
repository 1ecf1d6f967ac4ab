/** Storage of plan orders (`ex_plans`, migration 101). */
import type { Db } from "../db/database.ts";
import type { Statement } from "better-sqlite3";
import type { Env } from "./engine/types.ts";
import type { OrderType, Side } from "../../protocol/bitget.ts";

export type PlanStatus = "pending" | "live" | "executed" | "fail_execute" | "cancelled";

export interface Plan {
  id: string;
  seq: number;
  env: Env;
  userId: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  triggerPrice: number;
  executePrice: number;
  size: string;
  planType: "amount" | "total";
  triggerType: "fill_price" | "mark_price";
  direction: "up" | "down";
  tpslType: "normal" | "tpsl";
  clientOid: string;
  parentId: string;
  ocoId: string;
  status: PlanStatus;
  orderId: string;
  failReason: string;
  source: string;
  cTime: number;
  uTime: number;
}

export class PlanStore {
  private readonly upsert: Statement;
  private readonly active: Statement;
  private readonly oid: Statement;
  private readonly id: Statement;

  constructor(private readonly db: Db) {
    this.upsert =
      db.prepare(`INSERT INTO ex_plans (plan_id, seq, env, user_id, symbol, side, order_type, trigger_price, execute_price, size, plan_type, trigger_type,
        direction, tpsl_type, client_oid, parent_id, oco_id, status, order_id, fail_reason, source, c_time, u_time)
      VALUES (@id, @seq, @env, @userId, @symbol, @side, @orderType, @triggerPrice, @executePrice, @size, @planType, @triggerType,
        @direction, @tpslType, @clientOid, @parentId, @ocoId, @status, @orderId, @failReason, @source, @cTime, @uTime)
      ON CONFLICT(plan_id) DO UPDATE SET trigger_price = excluded.trigger_price, execute_price = excluded.execute_price, size = excluded.size,
        order_type = excluded.order_type, direction = excluded.direction, status = excluded.status, order_id = excluded.order_id,
        fail_reason = excluded.fail_reason, u_time = excluded.u_time`);
    this.active = db.prepare("SELECT * FROM ex_plans WHERE status IN ('live', 'pending') ORDER BY seq");
    this.oid = db.prepare("SELECT * FROM ex_plans WHERE env = ? AND user_id = ? AND client_oid = ? AND client_oid <> ''");
    this.id = db.prepare("SELECT * FROM ex_plans WHERE plan_id = ? AND env = ? AND user_id = ?");
  }

  save(p: Plan): void {
    this.upsert.run(p);
  }

  loadActive(): Plan[] {
    return (this.active.all() as Array<Record<string, unknown>>).map(rowToPlan);
  }

  byClientOid(env: Env, userId: string, clientOid: string): Plan | undefined {
    const row = this.oid.get(env, userId, clientOid) as Record<string, unknown> | undefined;
    return row ? rowToPlan(row) : undefined;
  }

  /** Finished normal plans of a user and symbol, newest first. */
  history(q: { env: Env; user: string; symbol: string; start: number; end: number; before: number; limit: number }): Plan[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM ex_plans WHERE env = @env AND user_id = @user AND status IN ('executed', 'fail_execute', 'cancelled')
    AND tpsl_type = 'normal' AND symbol = @symbol AND c_time >= @start AND c_time <= @end AND seq < @before ORDER BY seq DESC LIMIT @limit`,
      )
      .all(q) as Array<Record<string, unknown>>;
    return rows.map(rowToPlan);
  }

  byId(env: Env, userId: string, planId: string): Plan | undefined {
    const row = this.id.get(planId, env, userId) as Record<string, unknown> | undefined;
    return row ? rowToPlan(row) : undefined;
  }
}

export function rowToPlan(r: Record<string, unknown>): Plan {
  return {
    id: r.plan_id as string,
    seq: Number(r.seq),
    env: r.env as Env,
    userId: r.user_id as string,
    symbol: r.symbol as string,
    side: r.side as Side,
    orderType: r.order_type as OrderType,
    triggerPrice: Number(r.trigger_price),
    executePrice: Number(r.execute_price),
    size: r.size as string,
    planType: r.plan_type as Plan["planType"],
    triggerType: r.trigger_type as Plan["triggerType"],
    direction: r.direction as Plan["direction"],
    tpslType: r.tpsl_type as Plan["tpslType"],
    clientOid: r.client_oid as string,
    parentId: r.parent_id as string,
    ocoId: r.oco_id as string,
    status: r.status as PlanStatus,
    orderId: r.order_id as string,
    failReason: r.fail_reason as string,
    source: r.source as string,
    cTime: Number(r.c_time),
    uTime: Number(r.u_time),
  };
}
