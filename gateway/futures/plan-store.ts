/** Storage of futures plan (trigger) and TP/SL orders (`fx_plans`, migration 3102; docs/decisions/315). */
import type { Statement } from "better-sqlite3";
import type { OrderType, Side } from "../../protocol/bitget.ts";
import type { HoldSide, MarginMode, PosMode } from "../../protocol/mix.ts";
import { rowCodec } from "../db/columns.ts";
import type { Db } from "../db/database.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { TriggerDirection } from "../exchange/trigger.ts";

/** Bitget's plan types: a trigger order, and the TP/SL kinds (part of a position, or the whole of it). */
export const FX_PLAN_TYPES = ["normal_plan", "track_plan", "profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss"] as const;
export type FxPlanType = (typeof FX_PLAN_TYPES)[number];
/** The kinds that close a position and go with it (`moving_plan`: a trailing stop of a position). */
export const TPSL_TYPES: ReadonlySet<FxPlanType> = new Set(["profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss"]);
/** Trailing kinds (docs/decisions/318): active once the price reaches the trigger, then fired by a retrace of `callbackPpm`. */
export const TRAILING_TYPES: ReadonlySet<FxPlanType> = new Set(["track_plan", "moving_plan"]);
export type FxTriggerType = "mark_price" | "fill_price";
/** `pending`: a preset TP/SL waiting for its order to finish; `live`: waiting for its trigger. */
export type FxPlanStatus = "pending" | "live" | "executed" | "fail_execute" | "cancelled";

export interface FxPlan {
  id: string;
  seq: number;
  env: Env;
  userId: string;
  symbol: string;
  planType: FxPlanType;
  triggerType: FxTriggerType;
  /** Ticks. */
  triggerPrice: number;
  /** Ticks; 0 runs the order at market. */
  executePrice: number;
  orderType: OrderType;
  side: Side;
  /** "open"/"close" in hedge mode, "" in one-way mode. */
  tradeSide: string;
  /** The position it opens or closes (TP/SL: the position it protects). */
  holdSide: HoldSide;
  reduceOnly: number;
  /** Lots; 0 for a whole-position TP/SL (whatever the position holds when it triggers). */
  size: number;
  marginMode: MarginMode;
  posMode: PosMode;
  clientOid: string;
  direction: TriggerDirection;
  status: FxPlanStatus;
  /** The order a preset TP/SL belongs to. */
  parentId: string;
  /** A trigger order's own TP/SL, set on its order when it triggers (ticks, 0 for none). */
  presetTp: number;
  presetSl: number;
  /** A trailing plan's callback ratio in millionths (1% is 10,000); 0 for the other kinds. */
  callbackPpm: number;
  /** A trailing plan's best price (ticks) since it was activated; 0 until then. */
  trackExtreme: number;
  /** The order placed when it triggered. */
  orderId: string;
  failReason: string;
  source: string;
  triggerTime: number;
  cTime: number;
  uTime: number;
}

const CODEC = rowCodec<FxPlan>(
  {
    id: "TEXT",
    seq: "INTEGER",
    env: "TEXT",
    userId: "TEXT",
    symbol: "TEXT",
    planType: "TEXT",
    triggerType: "TEXT",
    triggerPrice: "INTEGER",
    executePrice: "INTEGER",
    orderType: "TEXT",
    side: "TEXT",
    tradeSide: "TEXT",
    holdSide: "TEXT",
    reduceOnly: "INTEGER",
    size: "INTEGER",
    marginMode: "TEXT",
    posMode: "TEXT",
    clientOid: "TEXT",
    direction: "TEXT",
    status: "TEXT",
    parentId: "TEXT",
    presetTp: "INTEGER",
    presetSl: "INTEGER",
    callbackPpm: "INTEGER",
    trackExtreme: "INTEGER",
    orderId: "TEXT",
    failReason: "TEXT",
    source: "TEXT",
    triggerTime: "INTEGER",
    cTime: "INTEGER",
    uTime: "INTEGER",
  },
  { id: "plan_id" },
);

/** What a history query may filter on. */
export interface FxPlanQuery {
  env: Env;
  userId: string;
  types: readonly FxPlanType[];
  symbol?: string;
  orderId?: string;
  clientOid?: string;
  status?: FxPlanStatus;
  before: number;
  start: number;
  end: number;
  limit: number;
}

export class FxPlanStore {
  private readonly upsert: Statement;
  private readonly byOid: Statement;
  private readonly byIdStmt: Statement;

  constructor(private readonly db: Db) {
    const updated = CODEC.fields.filter((f) => f !== "id").map((f) => `${CODEC.column(f)} = excluded.${CODEC.column(f)}`);
    this.upsert = db.prepare(`${CODEC.insert("fx_plans")} ON CONFLICT(plan_id) DO UPDATE SET ${updated.join(", ")}`);
    this.byOid = db.prepare("SELECT * FROM fx_plans WHERE env = ? AND user_id = ? AND client_oid = ?");
    this.byIdStmt = db.prepare("SELECT * FROM fx_plans WHERE plan_id = ? AND env = ? AND user_id = ?");
  }

  /** Writes plans in one transaction. */
  save(plans: readonly FxPlan[]): void {
    if (plans.length === 0) return;
    this.db.transaction(() => {
      for (const p of plans) this.upsert.run(p);
    })();
  }

  loadActive(): FxPlan[] {
    return this.rows("SELECT * FROM fx_plans WHERE status IN ('live', 'pending') ORDER BY seq", []);
  }

  byClientOid(env: Env, userId: string, clientOid: string): FxPlan | undefined {
    const row = this.byOid.get(env, userId, clientOid) as Record<string, unknown> | undefined;
    return row ? CODEC.fromRow(row) : undefined;
  }

  /** The preset TP/SL plans of orders (by their parent order id), in any state. */
  byParents(env: Env, userId: string, orderIds: readonly string[]): FxPlan[] {
    if (orderIds.length === 0) return [];
    return this.rows(`SELECT * FROM fx_plans WHERE parent_id IN (${orderIds.map(() => "?").join(", ")}) AND env = ? AND user_id = ?`, [
      ...orderIds,
      env,
      userId,
    ]);
  }

  byId(env: Env, userId: string, id: string): FxPlan | undefined {
    const row = this.byIdStmt.get(id, env, userId) as Record<string, unknown> | undefined;
    return row ? CODEC.fromRow(row) : undefined;
  }

  /** Finished plans of a user, newest first. */
  history(q: FxPlanQuery): FxPlan[] {
    const where = [
      "env = ?",
      "user_id = ?",
      "status IN ('executed', 'fail_execute', 'cancelled')",
      `plan_type IN (${q.types.map(() => "?").join(", ")})`,
      "seq < ?",
      "c_time >= ?",
      "c_time <= ?",
    ];
    const args: unknown[] = [q.env, q.userId, ...q.types, q.before, q.start, q.end];
    for (const [sql, v] of [
      ["symbol = ?", q.symbol],
      ["plan_id = ?", q.orderId],
      ["client_oid = ?", q.clientOid],
      ["status = ?", q.status],
    ] as const)
      if (v !== undefined) {
        where.push(sql);
        args.push(v);
      }
    return this.rows(`SELECT * FROM fx_plans WHERE ${where.join(" AND ")} ORDER BY seq DESC LIMIT ?`, [...args, q.limit]);
  }

  private rows(sql: string, args: unknown[]): FxPlan[] {
    return (this.db.prepare(sql).all(...args) as Array<Record<string, unknown>>).map((r) => CODEC.fromRow(r));
  }
}
