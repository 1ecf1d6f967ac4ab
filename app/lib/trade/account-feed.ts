import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import type { FrameScheduler } from "~/lib/ws/frame-store";
import type { StreamArg, StreamStatus } from "~/lib/ws/stream-types";
import { mergeBalances, mergeOrders, touchesHistory, type Fill, type OpenOrder, type PastOrder } from "./account-data";
import { AccountLists, LOADING, type AccountStream } from "./account-lists";
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

/** After an order leaves the book, history and fills are read again once things settle. */
const HISTORY_DEBOUNCE_MS = 300;

/**
 * A user's balances, open orders, order history and fills for one pair: read over REST first
 * (which also funds a never-used account, so the stream's snapshot is right), then kept live from
 * the private `orders` and `account` channels; history and fills are read again whenever an
 * order fills or leaves, and after every reconnect.
 */
export class AccountFeed extends AccountLists<Omit<AccountView, "stream">, OrderEvent | PlanEvent> {
  private historyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    symbol: string,
    stream: AccountStream,
    private readonly api: AccountApi,
    schedule?: FrameScheduler,
  ) {
    super(symbol, stream, { balances: LOADING, openOrders: LOADING, history: LOADING, fills: LOADING, plans: LOADING }, schedule);
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
        this.stream.subscribe(orders, (raw) => {
          const push = { ...raw, data: raw.data.map(fromOrderPush) };
          const current = this.lists.openOrders.state === "ready" ? this.lists.openOrders.data : [];
          // A snapshot says what is open now, not what just happened.
          if (push.action !== "snapshot")
            for (const e of orderEvents(new Map(current.map((o) => [o.orderId, o])), push.data, this.symbol)) this.emit(e);
          this.lists.openOrders = { state: "ready", data: mergeOrders(current, push.data, this.symbol, push.action === "snapshot") };
          if (touchesHistory(push.data)) this.historySoon();
          this.store.invalidate();
        }),
      );
      offs.push(
        this.stream.subscribe({ instType: "SPOT", channel: "orders-algo", instId: this.symbol }, (push) => {
          const current = this.lists.plans.state === "ready" ? this.lists.plans.data : [];
          if (push.action !== "snapshot") for (const e of planEvents(push.data, this.symbol)) this.emit(e);
          this.lists.plans = { state: "ready", data: mergePlans(current, push.data, this.symbol, push.action === "snapshot") };
          this.store.invalidate();
        }),
      );
      offs.push(
        this.stream.subscribe({ instType: "SPOT", channel: "account", coin: "default" }, (push) => {
          const current = this.lists.balances.state === "ready" ? this.lists.balances.data : [];
          this.lists.balances = { state: "ready", data: mergeBalances(current, push.data, push.action === "snapshot") };
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

  private async loadPlans(): Promise<void> {
    this.lists.plans = await settle(this.api.plans(this.symbol), this.lists.plans);
    this.store.invalidate();
  }

  private historySoon(): void {
    clearTimeout(this.historyTimer);
    this.historyTimer = setTimeout(() => void this.loadHistory(), HISTORY_DEBOUNCE_MS);
  }

  private async loadBalances(): Promise<void> {
    this.lists.balances = await settle(this.api.assets(), this.lists.balances);
    this.store.invalidate();
  }

  private async loadOpenOrders(): Promise<void> {
    this.lists.openOrders = await settle(this.api.openOrders(this.symbol), this.lists.openOrders);
    this.store.invalidate();
  }

  private async loadHistory(): Promise<void> {
    const [history, fills] = await Promise.all([
      settle(this.api.history(this.symbol), this.lists.history),
      settle(this.api.fills(this.symbol), this.lists.fills),
    ]);
    this.lists.history = history;
    this.lists.fills = fills;
    this.store.invalidate();
  }
}

/**
 * Bitget's `orders` stream item (`newSize`, `accBaseVolume`, `price`: decision 319) in the names of
 * the `unfilled-orders` rows the lists hold; anything else passes unchanged.
 */
function fromOrderPush(p: unknown): unknown {
  const o = p as Record<string, unknown> | null;
  if (!o || typeof o !== "object" || typeof o.accBaseVolume !== "string") return p;
  return { ...o, symbol: o.instId, priceAvg: o.price ?? "0", size: o.newSize, baseVolume: o.accBaseVolume };
}

/** A failed refresh keeps the data already shown; a failed first read is an error state. */
export async function settle<T>(p: Promise<T>, previous: Async<T>): Promise<Async<T>> {
  try {
    return { state: "ready", data: await p };
  } catch (error) {
    return previous.state === "ready" ? previous : { state: "error", error };
  }
}
