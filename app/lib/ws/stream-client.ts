import { backoffDelay, STREAM_BACKOFF, type BackoffPolicy } from "./backoff";
import { argKey, parseFrame, type StreamArg, type StreamError, type StreamPush, type StreamStatus } from "./stream-types";

/** The part of a WebSocket the client uses, so tests can hand it a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface StreamClientOptions {
  url: () => string;
  /** Private streams: the login argument, or undefined when this page cannot log in. */
  login?: () => Promise<Record<string, string> | undefined>;
  createSocket?: (url: string) => SocketLike;
  backoff?: BackoffPolicy;
  /** A "ping" goes out this often; the gateway closes a connection silent for 120 s. */
  pingMs?: number;
  /** No answer to a ping within this long: the connection is dead, start again. */
  pongTimeoutMs?: number;
  random?: () => number;
  /** Where `online` and `visibilitychange` come from (window and document in a page). */
  events?: { online?: EventTarget; visibility?: EventTarget & { visibilityState?: string } };
}

/** The gateway reads at most 100 args per message. */
const MAX_ARGS_PER_MESSAGE = 100;
/** Login refusals that another try cannot fix (no web session on this connection). */
const FINAL_LOGIN_CODES = new Set([30005]);

type Listener = (push: StreamPush) => void;

/**
 * One reconnecting stream connection (STYLE.md): subscriptions are counted per channel and sent
 * again after every reconnect; reconnects back off exponentially up to a cap; a ping every 25 s
 * keeps the connection and proves it alive; `online` starts it again at once, and a return to the
 * tab starts a dead one again or probes a live one. A private stream logs in before it subscribes.
 */
export class StreamClient {
  private socket: SocketLike | undefined;
  private attempt = 0;
  private running = false;
  private halted = false;
  private ready = false;
  private awaitingPong = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly subs = new Map<string, { arg: StreamArg; listeners: Set<Listener> }>();
  private readonly outbox = { subscribe: new Map<string, StreamArg>(), unsubscribe: new Map<string, StreamArg>() };
  private flushQueued = false;
  private statusValue: StreamStatus = "idle";
  private readonly statusListeners = new Set<() => void>();
  private readonly readyListeners = new Set<() => void>();
  private readonly errorListeners = new Set<(e: StreamError) => void>();

  constructor(private readonly opts: StreamClientOptions) {}

  readonly status = (): StreamStatus => this.statusValue;

  readonly onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Called after every (re)connection once the subscriptions went out: time to refetch what the stream does not replay. */
  onReady(listener: () => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  onError(listener: (e: StreamError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  subscribe(arg: StreamArg, listener: Listener): () => void {
    const key = argKey(arg);
    let sub = this.subs.get(key);
    if (!sub) {
      sub = { arg, listeners: new Set() };
      this.subs.set(key, sub);
      this.queue("subscribe", key, arg);
    }
    sub.listeners.add(listener);
    this.start();
    return () => {
      const current = this.subs.get(key);
      if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
      this.subs.delete(key);
      this.queue("unsubscribe", key, arg);
      // The last subscription gone (a page left): close, unless another arrives in this tick.
      queueMicrotask(() => {
        if (this.subs.size === 0) this.stop();
      });
    };
  }

  /** Asks for a fresh snapshot of one subscription (a book with a gap). */
  resnapshot(arg: StreamArg): void {
    if (this.subs.has(argKey(arg))) this.queue("subscribe", argKey(arg), arg);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.halted = false;
    this.attempt = 0;
    this.opts.events?.online?.addEventListener("online", this.onOnline);
    this.opts.events?.visibility?.addEventListener("visibilitychange", this.onVisibility);
    this.connect();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.opts.events?.online?.removeEventListener("online", this.onOnline);
    this.opts.events?.visibility?.removeEventListener("visibilitychange", this.onVisibility);
    this.drop();
    this.setStatus("idle");
  }

  private readonly onOnline = () => this.restartNow();

  private readonly onVisibility = () => {
    if (this.opts.events?.visibility?.visibilityState !== "visible" || !this.running || this.halted) return;
    if (!this.ready) return this.restartNow();
    // Back from the background: a socket that looks open may be dead (sleep, network change).
    this.ping();
    clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => {
      if (this.awaitingPong) this.restartNow();
    }, this.opts.pongTimeoutMs ?? 10_000);
  };

  private restartNow(): void {
    if (!this.running || this.halted) return;
    this.attempt = 0;
    this.drop();
    this.connect();
  }

  private connect(): void {
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let socket: SocketLike;
    try {
      socket = (this.opts.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(this.opts.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => void this.opened(socket);
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.received(typeof ev.data === "string" ? ev.data : "");
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.retry();
    };
    // An error is always followed by a close, which retries.
    socket.onerror = () => undefined;
  }

  private async opened(socket: SocketLike): Promise<void> {
    if (this.socket !== socket) return;
    if (!this.opts.login) return this.becomeReady();
    const args = await this.opts.login().catch(() => undefined);
    if (this.socket !== socket) return;
    if (!args) return this.halt();
    socket.send(JSON.stringify({ op: "login", args: [args] }));
  }

  private received(text: string): void {
    this.awaitingPong = false;
    const frame = parseFrame(text);
    if (frame.kind === "login") return this.becomeReady();
    if (frame.kind === "error") {
      for (const l of [...this.errorListeners]) l(frame.error);
      if (!this.ready && this.opts.login && !frame.error.arg) {
        if (FINAL_LOGIN_CODES.has(frame.error.code)) return this.halt();
        this.socket?.close();
      }
      return;
    }
    if (frame.kind === "push") {
      const sub = this.subs.get(argKey(frame.push.arg));
      if (sub) for (const l of [...sub.listeners]) l(frame.push);
    }
  }

  private becomeReady(): void {
    this.ready = true;
    this.attempt = 0;
    this.outbox.subscribe.clear();
    this.outbox.unsubscribe.clear();
    this.sendOp(
      "subscribe",
      [...this.subs.values()].map((s) => s.arg),
    );
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) this.restartNow();
      else this.ping();
    }, this.opts.pingMs ?? 25_000);
    this.setStatus("open");
    for (const l of [...this.readyListeners]) l();
  }

  private ping(): void {
    if (!this.ready || !this.socket) return;
    this.awaitingPong = true;
    this.socket.send("ping");
  }

  private retry(): void {
    this.ready = false;
    clearInterval(this.pingTimer);
    clearTimeout(this.probeTimer);
    if (!this.running || this.halted) return;
    this.setStatus("reconnecting");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.opts.backoff ?? STREAM_BACKOFF, this.opts.random));
  }

  /** Nothing another attempt could fix (this page cannot log in): stay closed until started again. */
  private halt(): void {
    this.halted = true;
    this.drop();
    this.setStatus("unauthorized");
  }

  private drop(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.probeTimer);
    clearInterval(this.pingTimer);
    this.ready = false;
    this.awaitingPong = false;
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      s.close();
    }
  }

  private queue(op: "subscribe" | "unsubscribe", key: string, arg: StreamArg): void {
    if (!this.ready) return;
    const other = op === "subscribe" ? this.outbox.unsubscribe : this.outbox.subscribe;
    other.delete(key);
    this.outbox[op].set(key, arg);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Subscriptions made in one tick (a page mounting) go out as one message.
    queueMicrotask(() => {
      this.flushQueued = false;
      if (!this.ready) return;
      for (const kind of ["unsubscribe", "subscribe"] as const) {
        this.sendOp(kind, [...this.outbox[kind].values()]);
        this.outbox[kind].clear();
      }
    });
  }

  private sendOp(op: "subscribe" | "unsubscribe", args: StreamArg[]): void {
    for (let i = 0; i < args.length; i += MAX_ARGS_PER_MESSAGE) {
      this.socket?.send(JSON.stringify({ op, args: args.slice(i, i + MAX_ARGS_PER_MESSAGE) }));
    }
  }

  private setStatus(s: StreamStatus): void {
    if (this.statusValue === s) return;
    this.statusValue = s;
    for (const l of [...this.statusListeners]) l();
  }
}
