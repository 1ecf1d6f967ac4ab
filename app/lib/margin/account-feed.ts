import { MARGIN_CHANNELS, MARGIN_INST_TYPE } from "../../../protocol/margin";
import type { Async } from "~/lib/async-state";
import { settle } from "~/lib/trade/account-feed";
import { AccountLists, LOADING, type AccountStream } from "~/lib/trade/account-lists";
import { nextFrame, type FrameScheduler } from "~/lib/ws/frame-store";
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

/** The account's lists as they stand. */
interface MarginLists {
  assets: Async<MarginAsset[]>;
  riskRate: string | undefined;
  borrowable: { base?: string; quote?: string };
  orders: Async<MarginOrder[]>;
}

export type MarginAccountState = MarginLists & { stream: StreamStatus };

/** A fill of the trader's order, a close-out fill of a liquidation (a `SYS` order), or a margin call. */
export type MarginEvent = { kind: "fill" | "liquidation"; order: MarginOrder } | { kind: "marginCall"; riskRate: string };

/** Pushes come in bursts (an order fills, the account moves): one read a little after the last. */
const PUSH_DEBOUNCE_MS = 150;
/** Prices move the risk rate and the borrowable amounts without any push: read again this often while visible. */
export const MARGIN_POLL_MS = 5_000;
/**
 * A first read that failed (the account shows nothing yet) is tried again this soon, then twice as
 * long after each failure, until that reaches the poll's own interval.
 */
export const MARGIN_RETRY_MS = 1_000;

const FILLED = new Set(["filled", "full_fill", "partially_filled", "partial_fill"]);

/**
 * The trader's margin account of one mode for one pair (docs/decisions/707): read over REST, again
 * after every push of Bitget's margin channels (`account-crossed` / `orders-crossed`, or the isolated
 * ones) and every few seconds while the tab is visible, since a price move changes the risk rate
 * with no push (interest, loans and repayments are pushed). A first read that failed is tried again
 * after a second, then less often (`MARGIN_RETRY_MS`), so a busy moment does not leave the account
 * "loading" until the next poll and a gateway that is down is not asked every second. Fills
 * and margin calls become events for the page's toasts.
 */
export class MarginAccountFeed extends AccountLists<MarginLists, MarginEvent> {
  /** Filled amounts of done orders already seen: the first read is the baseline, not news. */
  private seen: Map<string, string> | undefined;
  private readonly watch: (ratio: number | undefined) => boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Between `start` and its stop: a retry after a failed read is only scheduled while running. */
  private running = false;
  private pollMs = MARGIN_POLL_MS;
  private retryMs = MARGIN_RETRY_MS;
  /** A retry is already set for this round of reads. */
  private retrying = false;

  constructor(
    private readonly mode: MarginMode,
    symbol: string,
    stream: AccountStream,
    private readonly api: MarginAccountApi,
    warningRatio?: number,
    schedule: FrameScheduler = nextFrame,
  ) {
    super(symbol, stream, { assets: LOADING, riskRate: undefined, borrowable: {}, orders: LOADING }, schedule);
    this.watch = marginCallWatch(warningRatio);
  }

  start(pollMs = MARGIN_POLL_MS): () => void {
    this.running = true;
    this.pollMs = pollMs;
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
    const soon = () => this.again(PUSH_DEBOUNCE_MS);
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
      this.running = false;
      clearTimeout(this.timer);
      clearInterval(poll);
      for (const off of offs) off();
    };
  }

  /** One read of everything `ms` from now, in place of any read already waiting. */
  private again(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), ms);
  }

  /** After a read: a list whose first read failed is read again sooner than the poll would, once per round, backing off. */
  private retryIfFailed(): void {
    if (this.lists.assets.state !== "error" && this.lists.orders.state !== "error") this.retryMs = MARGIN_RETRY_MS;
    else if (this.running && !this.retrying && this.retryMs < this.pollMs) {
      this.retrying = true;
      this.again(this.retryMs);
      this.retryMs *= 2;
    }
  }

  /** Reads everything again (the start, a push, the poll, and after the trader's own action). */
  refresh(): void {
    this.retrying = false;
    void settle(this.api.assets(), this.lists.assets).then((v) => {
      this.lists.assets = v;
      this.store.invalidate();
      this.retryIfFailed();
    });
    void settle(this.api.openOrders(), this.lists.orders).then((v) => {
      this.lists.orders = v;
      this.store.invalidate();
      this.retryIfFailed();
    });
    this.api.riskRate().then((r) => {
      this.lists.riskRate = r;
      this.store.invalidate();
      if (r !== undefined && this.watch(Number(r))) this.emit({ kind: "marginCall", riskRate: r });
    }, ignore);
    this.api.borrowable().then((b) => {
      this.lists.borrowable = b;
      this.store.invalidate();
    }, ignore);
    this.api.recentDone().then((list) => this.fills(list), ignore);
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
}

const ignore = () => undefined;
