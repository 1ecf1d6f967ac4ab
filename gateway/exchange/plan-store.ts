/** Storage of plan orders (`ex_plans`, migration 101). */
import type { Db } from "../db/database.ts";
import type { Statement } from "better-sqlite3";
import type { Env, Placed } from "./engine/types.ts";
import type { OrderType } from "../../protocol/bitget.ts";
import { rowCodec } from "../db/columns.ts";
import { PLACED_COLUMNS } from "./store.ts";

export type PlanStatus = "pending" | "live" | "executed" | "fail_execute" | "cancelled";

export interface Plan extends Placed {
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

/** Every field of a plan, in the column order of `ex_plans`, with its column's type: INTEGER reads back as a number, TEXT as it is; `id` is `plan_id`. */
const CODEC = rowCodec<Plan>(
  {
    ...PLACED_COLUMNS,
    orderType: "TEXT",
    triggerPrice: "INTEGER",
    executePrice: "INTEGER",
    size: "TEXT",
    planType: "TEXT",
    triggerType: "TEXT",
    direction: "TEXT",
    tpslType: "TEXT",
    clientOid: "TEXT",
    parentId: "TEXT",
    ocoId: "TEXT",
    status: "TEXT",
    orderId: "TEXT",
    failReason: "TEXT",
    source: "TEXT",
    cTime: "INTEGER",
    uTime: "INTEGER",
  },
  { id: "plan_id" },
);

export class PlanStore {
  private readonly upsert: Statement;
  private readonly active: Statement;
  private readonly oid: Statement;
  private readonly id: Statement;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare(`${CODEC.insert("ex_plans")}
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

export const rowToPlan = (r: Record<string, unknown>): Plan => CODEC.fromRow(r);
