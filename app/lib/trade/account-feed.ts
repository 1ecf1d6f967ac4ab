import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import { FrameStore, type FrameScheduler, nextFrame } from "~/lib/ws/frame-store";
import type { StreamClient } from "~/lib/ws/stream-client";
import type { StreamArg, StreamStatus } from "~/lib/ws/stream-types";
import { mergeBalances, mergeOrders, touchesHistory, type Fill, type OpenOrder, type PastOrder } from "./account-data";
import { mergePlans, orderEvents, planEvents, type OrderEvent, type PlanEvent, type PlanOrder } from "./order-events";

/** The REST reads the feed starts from and refreshes with (signed calls of the page's HTTP client). */
export interface AccountApi {
  assets(): Promise<SpotAsset[]>;
  openOrders(symbol: string): Promise<OpenOrder[]>;
  history(symbol: string): Promise<PastOrder[]>;
  fills(symbol: string): Promise<Fill[]>;
  /** Live plan (trigger) orders of the pair. */
  plans(symbol: string): Promise<PlanOrder[]>;
}

export interface AccountView {
  balances: Async<SpotAsset[]>;
  openOrders: Async<OpenOrder[]>;
  history: Async<PastOrder[]>;
  fills: Async<Fill[]>;
  plans: Async<PlanOrder[]>;
  stream: StreamStatus;
}

type Stream = Pick<StreamClient, "subscribe" | "onReady" | "status" | "onStatus">;

/** After an order leaves the book, history and fills are read again once things settle. */
const HISTORY_DEBOUNCE_MS = 300;

/**
 * A user's balances, open orders, order history and fills for one pair: read over REST first
 * (which also funds a never-used account, so the stream's snapshot is right), then kept live from
 * the private `orders` and `account` channels; history and fills are read again whenever an
 * order fills or leaves, and after every reconnect.
 */
export class AccountFeed {
  readonly store: FrameStore<AccountView>;
  private balances: Async<SpotAsset[]> = { state: "loading" };
  private openOrders: Async<OpenOrder[]> = { state: "loading" };
  private history: Async<PastOrder[]> = { state: "loading" };
  private fills: Async<Fill[]> = { state: "loading" };
  private plans: Async<PlanOrder[]> = { state: "loading" };
  private readonly listeners = new Set<(e: OrderEvent | PlanEvent) => void>();
  private historyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly symbol: string,
    private readonly stream: Stream,
    private readonly api: AccountApi,
    schedule: FrameScheduler = nextFrame,
  ) {
    this.store = new FrameStore(
      () => ({
        balances: this.balances,
        openOrders: this.openOrders,
        history: this.history,
        fills: this.fills,
        plans: this.plans,
        stream: this.stream.status(),
      }),
      schedule,
    );
  }

  start(): () => void {
    let stopped = false;
    const offs: Array<() => void> = [];
    void (async () => {
      await this.loadBalances();
      if (stopped) return;
      void this.loadOpenOrders();
      void this.loadHistory();
      void this.loadPlans();
      let readies = 0;
      offs.push(this.stream.onStatus(() => this.store.invalidate()));
      offs.push(
        this.stream.onReady(() => {
          if (++readies > 1) void this.loadHistory();
        }),
      );
      const orders: StreamArg = { instType: "SPOT", channel: "orders", instId: this.symbol };
      offs.push(
        this.stream.subscribe(orders, (push) => {
          const current = this.openOrders.state === "ready" ? this.openOrders.data : [];
          // A snapshot says what is open now, not what just happened.
          if (push.action !== "snapshot") this.emit(orderEvents(new Map(current.map((o) => [o.orderId, o])), push.data, this.symbol));
          this.openOrders = { state: "ready", data: mergeOrders(current, push.data, this.symbol, push.action === "snapshot") };
          if (touchesHistory(push.data)) this.historySoon();
          this.store.invalidate();
        }),
      );
      offs.push(
        this.stream.subscribe({ instType: "SPOT", channel: "orders-algo", instId: this.symbol }, (push) => {
          const current = this.plans.state === "ready" ? this.plans.data : [];
          if (push.action !== "snapshot") this.emit(planEvents(push.data, this.symbol));
          this.plans = { state: "ready", data: mergePlans(current, push.data, this.symbol, push.action === "snapshot") };
          this.store.invalidate();
        }),
      );
      offs.push(
        this.stream.subscribe({ instType: "SPOT", channel: "account", coin: "default" }, (push) => {
          const current = this.balances.state === "ready" ? this.balances.data : [];
          this.balances = { state: "ready", data: mergeBalances(current, push.data, push.action === "snapshot") };
          this.store.invalidate();
        }),
      );
    })();
    return () => {
      stopped = true;
      clearTimeout(this.historyTimer);
      for (const off of offs) off();
    };
  }

  /** Reads everything again over REST: after an order or a cancel while the stream is not live. */
  refresh(): void {
    void this.loadBalances();
    void this.loadOpenOrders();
    void this.loadHistory();
    void this.loadPlans();
  }

  /** What the stream says happened to the user's orders and plans (for toasts); returns the unsubscribe. */
  onEvent(listener: (e: OrderEvent | PlanEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(events: ReadonlyArray<OrderEvent | PlanEvent>): void {
    for (const e of events) for (const l of [...this.listeners]) l(e);
  }

  private async loadPlans(): Promise<void> {
    this.plans = await settle(this.api.plans(this.symbol), this.plans);
    this.store.invalidate();
  }

  private historySoon(): void {
    clearTimeout(this.historyTimer);
    this.historyTimer = setTimeout(() => void this.loadHistory(), HISTORY_DEBOUNCE_MS);
  }

  private async loadBalances(): Promise<void> {
    this.balances = await settle(this.api.assets(), this.balances);
    this.store.invalidate();
  }

  private async loadOpenOrders(): Promise<void> {
    this.openOrders = await settle(this.api.openOrders(this.symbol), this.openOrders);
    this.store.invalidate();
  }

  private async loadHistory(): Promise<void> {
    const [history, fills] = await Promise.all([
      settle(this.api.history(this.symbol), this.history),
      settle(this.api.fills(this.symbol), this.fills),
    ]);
    this.history = history;
    this.fills = fills;
    this.store.invalidate();
  }
}

/** A failed refresh keeps the data already shown; a failed first read is an error state. */
export async function settle<T>(p: Promise<T>, previous: Async<T>): Promise<Async<T>> {
  try {
    return { state: "ready", data: await p };
  } catch (error) {
    return previous.state === "ready" ? previous : { state: "error", error };
  }
}
