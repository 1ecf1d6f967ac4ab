import { MARGIN_CHANNELS, MARGIN_INST_TYPE } from "../../../protocol/margin";
import type { Async } from "~/lib/async-state";
import { settle } from "~/lib/trade/account-feed";
import { FrameStore, nextFrame, type FrameScheduler } from "~/lib/ws/frame-store";
import type { StreamClient } from "~/lib/ws/stream-client";
import type { StreamArg, StreamStatus } from "~/lib/ws/stream-types";
import type { MarginAsset, MarginMode, MarginOrder } from "./api";
import { marginCallWatch } from "./maths";

/** The signed REST reads the margin feed is made of (one margin mode, one pair). */
export interface MarginAccountApi {
  assets(): Promise<MarginAsset[]>;
  riskRate(): Promise<string | undefined>;
  borrowable(): Promise<{ base?: string; quote?: string }>;
  openOrders(): Promise<MarginOrder[]>;
  /** The latest orders of the pair that are done (their fills are the page's toasts). */
  recentDone(): Promise<MarginOrder[]>;
}

export interface MarginAccountState {
  assets: Async<MarginAsset[]>;
  riskRate: string | undefined;
  borrowable: { base?: string; quote?: string };
  orders: Async<MarginOrder[]>;
  stream: StreamStatus;
}

/** A fill of the trader's order, a close-out fill of a liquidation (a `SYS` order), or a margin call. */
export type MarginEvent = { kind: "fill" | "liquidation"; order: MarginOrder } | { kind: "marginCall"; riskRate: string };

type Stream = Pick<StreamClient, "subscribe" | "onReady" | "status" | "onStatus">;

/** Pushes come in bursts (an order fills, the account moves): one read a little after the last. */
const PUSH_DEBOUNCE_MS = 150;
/** Interest accrues and prices move the risk rate without any push: read again this often while visible. */
export const MARGIN_POLL_MS = 5_000;

const FILLED = new Set(["filled", "full_fill", "partially_filled", "partial_fill"]);

/**
 * The trader's margin account of one mode for one pair (docs/decisions/707): read over REST, again
 * after every push of Bitget's margin channels (`account-crossed` / `orders-crossed`, or the isolated
 * ones) and every few seconds while the tab is visible, since interest and the risk rate change
 * with no push. Fills and margin calls become events for the page's toasts.
 */
export class MarginAccountFeed {
  readonly store: FrameStore<MarginAccountState>;
  private assets: Async<MarginAsset[]> = { state: "loading" };
  private riskRate: string | undefined;
  private borrowable: { base?: string; quote?: string } = {};
  private orders: Async<MarginOrder[]> = { state: "loading" };
  private readonly listeners = new Set<(e: MarginEvent) => void>();
  /** Filled amounts of done orders already seen: the first read is the baseline, not news. */
  private seen: Map<string, string> | undefined;
  private readonly watch: (ratio: number | undefined) => boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly mode: MarginMode,
    private readonly symbol: string,
    private readonly stream: Stream,
    private readonly api: MarginAccountApi,
    warningRatio?: number,
    schedule: FrameScheduler = nextFrame,
  ) {
    this.watch = marginCallWatch(warningRatio);
    this.store = new FrameStore(
      () => ({
        assets: this.assets,
        riskRate: this.riskRate,
        borrowable: this.borrowable,
        orders: this.orders,
        stream: this.stream.status(),
      }),
      schedule,
    );
  }

  start(pollMs = MARGIN_POLL_MS): () => void {
    this.refresh();
    const crossed = this.mode === "crossed";
    const account: StreamArg = crossed
      ? { instType: MARGIN_INST_TYPE, channel: MARGIN_CHANNELS.crossedAccount, coin: "default" }
      : { instType: MARGIN_INST_TYPE, channel: MARGIN_CHANNELS.isolatedAccount, instId: this.symbol };
    const orders: StreamArg = {
      instType: MARGIN_INST_TYPE,
      channel: crossed ? MARGIN_CHANNELS.crossedOrders : MARGIN_CHANNELS.isolatedOrders,
      instId: this.symbol,
    };
    const soon = () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), PUSH_DEBOUNCE_MS);
    };
    const poll = setInterval(() => {
      if (typeof document === "undefined" || document.visibilityState === "visible") this.refresh();
    }, pollMs);
    const offs = [
      this.stream.onStatus(() => this.store.invalidate()),
      this.stream.onReady(soon),
      this.stream.subscribe(account, (push) => push.action === "update" && soon()),
      this.stream.subscribe(orders, (push) => push.action === "update" && soon()),
    ];
    return () => {
      clearTimeout(this.timer);
      clearInterval(poll);
      for (const off of offs) off();
    };
  }

  /** Reads everything again (the start, a push, the poll, and after the trader's own action). */
  refresh(): void {
    void settle(this.api.assets(), this.assets).then((v) => {
      this.assets = v;
      this.store.invalidate();
    });
    void settle(this.api.openOrders(), this.orders).then((v) => {
      this.orders = v;
      this.store.invalidate();
    });
    this.api.riskRate().then((r) => {
      this.riskRate = r;
      this.store.invalidate();
      if (r !== undefined && this.watch(Number(r))) this.emit({ kind: "marginCall", riskRate: r });
    }, ignore);
    this.api.borrowable().then((b) => {
      this.borrowable = b;
      this.store.invalidate();
    }, ignore);
    this.api.recentDone().then((list) => this.fills(list), ignore);
  }

  onEvent(listener: (e: MarginEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private fills(list: readonly MarginOrder[]): void {
    const first = this.seen === undefined;
    const seen = (this.seen ??= new Map());
    for (const o of list) {
      if (!FILLED.has(o.status) && !(Number(o.filled) > 0)) continue;
      if (seen.get(o.orderId) === o.filled) continue;
      seen.set(o.orderId, o.filled);
      if (!first && Number(o.filled) > 0) this.emit({ kind: o.source === "SYS" ? "liquidation" : "fill", order: o });
    }
  }

  private emit(e: MarginEvent): void {
    for (const l of [...this.listeners]) l(e);
  }
}

const ignore = () => undefined;
