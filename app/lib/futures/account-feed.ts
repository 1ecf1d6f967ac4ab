/**
 * The trader's futures account on the screen (docs/decisions/706): the account, positions, open
 * and plan orders and liquidations read over REST first, then kept live from the private
 * `USDT-FUTURES` channels (snapshot, then pushes). Every reconnect reads them again over REST
 * (resync), and an action taken while the stream is not open reads them again itself; otherwise
 * nothing but the contract's settings is refetched after an action, the pushes say what it did.
 */
import type { Async } from "~/lib/async-state";
import { settle } from "~/lib/trade/account-feed";
import { AccountLists, LOADING, type AccountStream } from "~/lib/trade/account-lists";
import { mergePlans, type PlanOrder } from "~/lib/trade/chart/marks";
import type { FrameScheduler } from "~/lib/ws/frame-store";
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

/** After a liquidation, its bill is read once things settle. */
const LIQUIDATIONS_DEBOUNCE_MS = 300;

const arg = (channel: string): StreamArg =>
  channel === "account" ? { instType: PRODUCT_TYPE, channel, coin: "default" } : { instType: PRODUCT_TYPE, channel, instId: "default" };

export class FuturesAccountFeed extends AccountLists<Omit<FuturesAccountState, "stream">, FuturesEvent> {
  private readonly watch = new PositionWatch();
  private liquidationTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the gateway serves `orders-algo` (it has pushed its snapshot); until then plans are read after actions. */
  private plansLive = false;

  constructor(
    symbol: string,
    stream: AccountStream,
    private readonly api: FuturesAccountApi,
    schedule?: FrameScheduler,
  ) {
    super(symbol, stream, { account: LOADING, positions: LOADING, orders: LOADING, plans: [], liquidations: LOADING }, schedule);
  }

  start(): () => void {
    this.refresh();
    let readies = 0;
    const offs = [
      this.stream.onStatus(() => this.store.invalidate()),
      this.stream.onReady(() => {
        // what happened while the stream was away is read again
        if (++readies > 1) this.refresh();
      }),
      this.stream.subscribe(arg("account"), (push) => {
        const row = push.data.map((d) => futuresAccountOf(d)).find((a) => a?.marginCoin === MARGIN_COIN);
        if (!row) return;
        // a push carries the account's figures; the contract's settings come from the REST read
        this.lists.account = {
          state: "ready",
          data: this.lists.account.state === "ready" ? { ...this.lists.account.data, ...pick(row) } : row,
        };
        this.store.invalidate();
      }),
      this.stream.subscribe(arg("fill"), (push) => {
        if (push.action === "snapshot") return;
        const fills = push.data.flatMap((d) => fillOf(d) ?? []);
        for (const fill of fillsByOrder(fills)) this.emit({ kind: "fill", fill });
      }),
      this.stream.subscribe(arg("positions"), (push) => {
        // the channel sends the whole list every time (docs/protocol.md §18)
        const current = this.lists.positions.state === "ready" ? this.lists.positions.data : [];
        const list = mergePositions(current, push.data, push.action === "snapshot");
        this.lists.positions = { state: "ready", data: list };
        // a liquidation only when the gateway says one happened (`endedPositions`, docs/decisions/717)
        const events = [...this.watch.list(list), ...this.watch.ended(push.endedPositions)];
        if (events.some((e) => e.kind === "liquidated")) this.liquidationsSoon();
        this.store.invalidate();
        for (const e of events) this.emit(e);
      }),
      this.stream.subscribe(arg("orders"), (push) => {
        const current = this.lists.orders.state === "ready" ? this.lists.orders.data : [];
        const mine = push.data.filter((o) => futuresOrderOf(o)?.symbol === this.symbol);
        this.lists.orders = { state: "ready", data: mergeOrders(current, mine, push.action === "snapshot") };
        this.store.invalidate();
      }),
      this.stream.subscribe(arg("orders-algo"), (push) => {
        this.plansLive = true;
        this.lists.plans = mergePlans(this.lists.plans, planRows(push.data), this.symbol, push.action === "snapshot");
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
      () => this.lists.positions,
      (v) => (this.lists.positions = v),
    );
    this.read(
      this.api.openOrders(this.symbol),
      () => this.lists.orders,
      (v) => (this.lists.orders = v),
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
      () => this.lists.account,
      (v) => (this.lists.account = v),
    );
  }

  private readPlans(): void {
    this.api.plans(this.symbol).then(
      (plans) => {
        this.lists.plans = plans;
        this.store.invalidate();
      },
      () => undefined,
    );
  }

  private readLiquidations(): void {
    this.read(
      this.api.liquidations(this.symbol),
      () => this.lists.liquidations,
      (v) => (this.lists.liquidations = v),
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
