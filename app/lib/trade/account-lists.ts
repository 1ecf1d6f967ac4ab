import { FrameStore, type FrameScheduler, nextFrame } from "~/lib/ws/frame-store";
import type { StreamClient } from "~/lib/ws/stream-client";
import type { StreamStatus } from "~/lib/ws/stream-types";

/** What an account feed uses of the private stream. */
export type AccountStream = Pick<StreamClient, "subscribe" | "onReady" | "status" | "onStatus">;

/** A list before its first read. */
export const LOADING = { state: "loading" } as const;

/**
 * What the spot and futures account feeds share: the pair's lists, a store that publishes them with
 * the private stream's status at the next frame, and the listeners of what the stream reports.
 */
export abstract class AccountLists<Lists extends object, Event> {
  readonly store: FrameStore<Lists & { stream: StreamStatus }>;
  private readonly listeners = new Set<(e: Event) => void>();

  protected constructor(
    protected readonly symbol: string,
    protected readonly stream: AccountStream,
    /** The lists as they stand; a change is published by `store.invalidate()`. */
    protected readonly lists: Lists,
    schedule: FrameScheduler = nextFrame,
  ) {
    this.store = new FrameStore(() => ({ ...this.lists, stream: this.stream.status() }), schedule);
  }

  /** What the stream says happened (for toasts); returns the unsubscribe. */
  onEvent(listener: (e: Event) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected emit(e: Event): void {
    for (const l of [...this.listeners]) l(e);
  }
}
