/**
 * The trader's futures account on the screen (docs/decisions/706): the account, positions, open
 * and plan orders and liquidations read over REST first, then kept live from the private
 * `USDT-FUTURES` channels (snapshot, then pushes). Every reconnect reads them again over REST
 * (resync), and an action taken while the stream is not open reads them again itself; otherwise
 * nothing but the contract's settings is refetched after an action, the pushes say what it did.
 */
import type { Async } from "~/lib/async-state";
import { settle } from "~/lib/trade/account-feed";
import { mergePlans, type PlanOrder } from "~/lib/trade/chart/marks";
import { FrameStore, type FrameScheduler, nextFrame } from "~/lib/ws/frame-store";
import type { StreamClient } from "~/lib/ws/stream-client";
import type { StreamArg, StreamStatus } from "~/lib/ws/stream-types";
import {
  futuresAccountOf,
  futuresOrderOf,
  MARGIN_COIN,
  mergeOrders,
  mergePositions,
  PRODUCT_TYPE,
  type FuturesAccount,
  type FuturesOrder,
  type Position,
} from "./api";
import { fillOf, fillsByOrder, PositionWatch, type FuturesFill, type LiquidationBill, type PositionEvent } from "./private-events";

/** The REST reads the feed starts from and resyncs with (signed calls of the page's HTTP client). */
export interface FuturesAccountApi {
  account(symbol: string): Promise<FuturesAccount>;
  positions(): Promise<Position[]>;
  openOrders(symbol: string): Promise<FuturesOrder[]>;
  plans(symbol: string): Promise<PlanOrder[]>;
  liquidations(symbol: string): Promise<LiquidationBill[]>;
}

export interface FuturesAccountState {
  account: Async<FuturesAccount>;
  positions: Async<Position[]>;
  orders: Async<FuturesOrder[]>;
  plans: PlanOrder[];
  liquidations: Async<LiquidationBill[]>;
  stream: StreamStatus;
}

export type FuturesEvent = { kind: "fill"; fill: FuturesFill } | PositionEvent;

type Stream = Pick<StreamClient, "subscribe" | "onReady" | "status" | "onStatus">;

/** After a liquidation, its bill is read once things settle. */
const LIQUIDATIONS_DEBOUNCE_MS = 300;

const arg = (channel: string): StreamArg =>
  channel === "account" ? { instType: PRODUCT_TYPE, channel, coin: "default" } : { instType: PRODUCT_TYPE, channel, instId: "default" };

export class FuturesAccountFeed {
  readonly store: FrameStore<FuturesAccountState>;
  private account: Async<FuturesAccount> = { state: "loading" };
  private positions: Async<Position[]> = { state: "loading" };
  private orders: Async<FuturesOrder[]> = { state: "loading" };
  private plans: PlanOrder[] = [];
  private liquidations: Async<LiquidationBill[]> = { state: "loading" };
  private readonly watch = new PositionWatch();
  private readonly listeners = new Set<(e: FuturesEvent) => void>();
  private liquidationTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the gateway serves `orders-algo` (it has pushed its snapshot); until then plans are read after actions. */
  private plansLive = false;

  constructor(
    private readonly symbol: string,
    private readonly stream: Stream,
    private readonly api: FuturesAccountApi,
    schedule: FrameScheduler = nextFrame,
  ) {
    this.store = new FrameStore(
      () => ({
        account: this.account,
        positions: this.positions,
        orders: this.orders,
        plans: this.plans,
        liquidations: this.liquidations,
        stream: this.stream.status(),
      }),
      schedule,
    );
  }

  start(): () => void {
    this.refresh();
    let readies = 0;
    const offs = [
      this.stream.onStatus(() => this.store.invalidate()),
      this.stream.onReady(() => {
        // the lists after a (re)connect are a baseline, and what happened meanwhile is read again
        this.watch.resync();
        if (++readies > 1) this.refresh();
      }),
      this.stream.subscribe(arg("account"), (push) => {
        const row = push.data.map((d) => futuresAccountOf(d)).find((a) => a?.marginCoin === MARGIN_COIN);
        if (!row) return;
        // a push carries the account's figures; the contract's settings come from the REST read
        this.account = { state: "ready", data: this.account.state === "ready" ? { ...this.account.data, ...pick(row) } : row };
        this.store.invalidate();
      }),
      this.stream.subscribe(arg("fill"), (push) => {
        if (push.action === "snapshot") return;
        const fills = push.data.flatMap((d) => fillOf(d) ?? []);
        for (const fill of fills) this.watch.fill(fill);
        for (const fill of fillsByOrder(fills)) this.emit({ kind: "fill", fill });
      }),
      this.stream.subscribe(arg("positions"), (push) => {
        // the channel sends the whole list every time (docs/protocol.md §18)
        const current = this.positions.state === "ready" ? this.positions.data : [];
        const list = mergePositions(current, push.data, push.action === "snapshot");
        this.positions = { state: "ready", data: list };
        const events = this.watch.list(list);
        if (events.some((e) => e.kind === "liquidated")) this.liquidationsSoon();
        this.store.invalidate();
        for (const e of events) this.emit(e);
      }),
      this.stream.subscribe(arg("orders"), (push) => {
        const current = this.orders.state === "ready" ? this.orders.data : [];
        const mine = push.data.filter((o) => futuresOrderOf(o)?.symbol === this.symbol);
        this.orders = { state: "ready", data: mergeOrders(current, mine, push.action === "snapshot") };
        this.store.invalidate();
      }),
      this.stream.subscribe(arg("orders-algo"), (push) => {
        this.plansLive = true;
        this.plans = mergePlans(this.plans, planRows(push.data), this.symbol, push.action === "snapshot");
        this.store.invalidate();
      }),
    ];
    return () => {
      clearTimeout(this.liquidationTimer);
      for (const off of offs) off();
    };
  }

  /** Reads everything again over REST (the start, every reconnect). */
  refresh(): void {
    this.readAccount();
    this.read(
      this.api.positions(),
      () => this.positions,
      (v) => (this.positions = v),
    );
    this.read(
      this.api.openOrders(this.symbol),
      () => this.orders,
      (v) => (this.orders = v),
    );
    this.readLiquidations();
    this.readPlans();
  }

  /**
   * After the trader's own action: the pushes will say what it did, unless the stream is not open.
   * A change of the contract's settings (margin mode, leverage, position mode) is read again in any
   * case: no channel carries them; so are trigger orders while the gateway does not push `orders-algo`.
   */
  afterAction(scope: "trade" | "settings" = "trade"): void {
    if (this.stream.status() !== "open") return this.refresh();
    if (scope === "settings") this.readAccount();
    if (!this.plansLive) this.readPlans();
  }

  /** Fills, warnings and liquidations as the stream reports them (for toasts); returns the unsubscribe. */
  onEvent(listener: (e: FuturesEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: FuturesEvent): void {
    for (const l of [...this.listeners]) l(e);
  }

  private liquidationsSoon(): void {
    clearTimeout(this.liquidationTimer);
    this.liquidationTimer = setTimeout(() => this.readLiquidations(), LIQUIDATIONS_DEBOUNCE_MS);
  }

  /** A REST read into one of the lists: a failed read keeps what is shown (settle). */
  private read<T>(p: Promise<T>, get: () => Async<T>, set: (v: Async<T>) => void): void {
    void settle(p, get()).then((v) => {
      set(v);
      this.store.invalidate();
    });
  }

  private readAccount(): void {
    this.read(
      this.api.account(this.symbol),
      () => this.account,
      (v) => (this.account = v),
    );
  }

  private readPlans(): void {
    this.api.plans(this.symbol).then(
      (plans) => {
        this.plans = plans;
        this.store.invalidate();
      },
      () => undefined,
    );
  }

  private readLiquidations(): void {
    this.read(
      this.api.liquidations(this.symbol),
      () => this.liquidations,
      (v) => (this.liquidations = v),
    );
  }
}

/** The account figures a push brings (it names no contract, so no leverage or margin mode). */
function pick(a: FuturesAccount): Partial<FuturesAccount> {
  return {
    available: a.available,
    accountEquity: a.accountEquity,
    unrealizedPL: a.unrealizedPL,
    crossedMaxAvailable: a.crossedMaxAvailable,
    isolatedMaxAvailable: a.isolatedMaxAvailable,
    posMode: a.posMode,
  };
}

/** Mix plan rows name their state `planStatus`; the shared plan reader wants `status`. */
export const planRows = (rows: readonly unknown[]) =>
  rows.map((r) => (r && typeof r === "object" && !("status" in r) ? { ...r, status: (r as { planStatus?: unknown }).planStatus } : r));
