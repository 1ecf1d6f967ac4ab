/**
 * WebSocket v2 streams on the gateway's HTTP server (`ws`, attached to the 'upgrade' event):
 * public ticker / candle* / trade / books (snapshot, then updates with seq and pseq) / books1/5/15,
 * private account and orders after a login by API key or by web session (docs/decisions/700), and
 * the private channels another instType serves (USDT-FUTURES: docs/decisions/314).
 * Ping/pong, per connection limits, and clean `{"event":"error"}` answers for bad requests.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { WebSocketServer } from "ws";
import { CANDLE_CHANNELS, WS_PATHS } from "../../../protocol/bitget.ts";
import { PAPER_PRODUCT_TYPES, PRODUCT_TYPES } from "../../../protocol/mix.ts";
import { GATEWAY_WS_PREFIX } from "../../../protocol/paths.ts";
import type { Plan } from "../plan-store.ts";
import { canonical, isAbsent, shown } from "../fields.ts";
import { assetJson, planJson, price, lots } from "../format.ts";
import type { Book } from "../engine/book.ts";
import type { Change, Env } from "../engine/types.ts";
import { COINS, INSTRUMENTS, instrument, type Instrument } from "../instruments.ts";
import type { Exchange } from "../exchange.ts";
import type { PublicTrade } from "../market/tape.ts";
import {
  FILL_SNAPSHOT,
  IDLE_MS,
  MAX_MESSAGES_PER_SECOND,
  MAX_SUBSCRIPTIONS,
  PRIVATE_CHANNELS,
  PUBLIC_CHANNELS,
  SNAPSHOT_BOOKS,
  WS_ERRORS,
  type Arg,
} from "./channels.ts";
import { error, send, type Conn } from "./connection.ts";
import { login, type StreamLoginDeps } from "./login.ts";
import {
  bookChecksum,
  candleRows,
  levels,
  spotFillJson,
  spotFillRowView,
  spotFillViews,
  spotOrderStreamJson,
  tickerJson,
  tradeJson,
  type SpotFillView,
} from "./payloads.ts";
import { clientAddressOf, settleClientAddress } from "../../security/front-door.ts";

const FLUSH_MS = 100;
const WS_OPS = ["login", "subscribe", "unsubscribe"] as const;
/**
 * A market the public channels serve: spot (the exchange itself), or another instType on the same
 * pairs (USDT-FUTURES, handed in by the futures area) with the same snapshot, update and seq rules.
 */
export interface StreamMarket {
  book(env: Env, symbol: string): Book;
  books(): Iterable<Book>;
  trades(env: Env, symbol: string, limit: number): PublicTrade[];
  ticker(env: Env, inst: Instrument): unknown;
  candles(inst: Instrument, channel: string, limit: number): unknown[];
  tradeListeners: Set<(env: Env, symbol: string, t: PublicTrade) => void>;
  /** Private channels this instType serves to a logged-in user (USDT-FUTURES: docs/decisions/314). */
  private?: PrivateStreamMarket;
  /** An instType with private channels only (MARGIN trades on the spot books: docs/decisions/320). */
  privateOnly?: boolean;
}

/** One private message for one user: an item of `channel` for `symbol`, or (`whole`) the user's full list. */
export interface PrivatePush {
  env: Env;
  userId: string;
  channel: string;
  symbol?: string;
  whole?: boolean;
  data: unknown;
  /** Fields a whole list's message carries beside `data`, each a list of items filtered by symbol as `data` is (docs/decisions/717). */
  extra?: Record<string, unknown[]>;
}

export interface PrivateStreamMarket {
  channels: ReadonlySet<string>;
  /** Coins the `account` channel takes besides "default". */
  coins: readonly string[];
  /** The canonical symbol an instId names, if it is one of this market's. */
  symbol(instId: string): string | undefined;
  snapshot(env: Env, userId: string, channel: string, instId: string): unknown[];
  /** Pushes committed changes (after their transaction) for the users `wants` names; returns the remover. */
  listen(wants: (env: Env, userId: string, channel: string) => boolean, push: (list: PrivatePush[]) => void): () => void;
}

/** What the streams are handed by the gateway's composition root. */
export interface StreamDeps {
  exchange: Exchange;
  /** Public markets besides spot, by instType. */
  markets?: Record<string, StreamMarket>;
  login: StreamLoginDeps;
  /** The BFF's secret, to settle the client address of an upgrade as the front door does for HTTP. */
  proxySecret: string | undefined;
}

/** Attaches the streams to the gateway's HTTP server; the returned function closes them. */
export function exchangeStreams(app: FastifyInstance, deps: StreamDeps): () => void {
  const ex = deps.exchange;
  const spot: StreamMarket = {
    book: (env, symbol) => ex.svc.engine.book(env, symbol),
    books: () => ex.svc.engine.books.all(),
    trades: (env, symbol, limit) => ex.market.tape(env, symbol).latest(limit),
    ticker: (env, inst) => tickerJson(ex, env, inst),
    candles: (inst, channel, limit) => candleRows(ex, inst, channel, limit),
    tradeListeners: ex.market.listeners,
  };
  const markets: Record<string, StreamMarket> = { SPOT: spot, ...deps.markets };
  const INST_TYPES = Object.keys(markets);
  /**
   * Bitget's product types no contract is listed under (COIN-FUTURES, USDC-FUTURES here): their
   * private channels answer empty, a public subscription is refused as one for an instId that does
   * not exist (docs/decisions/319).
   */
  const UNLISTED = PRODUCT_TYPES.filter((t) => !(t in markets));
  /** The product types' demo spellings (SUSDT-FUTURES…): the simulation, on either address (docs/decisions/319). */
  const DEMO_TYPES = Object.keys(PAPER_PRODUCT_TYPES).filter(
    (t) => PAPER_PRODUCT_TYPES[t]! in markets || UNLISTED.includes(PAPER_PRODUCT_TYPES[t]!),
  );
  const KNOWN_TYPES = [...INST_TYPES, ...UNLISTED, ...DEMO_TYPES];
  /** The market an instType names: a demo spelling names its live product's. */
  const baseType = (instType: string): string => PAPER_PRODUCT_TYPES[instType] ?? instType;
  /** A subscription's environment: the connection's, or the simulation for a demo instType (as Bitget's demo trading on its live address). */
  const envOf = (c: Conn, a: Arg): Env => (c.env === "paper" || a.instType in PAPER_PRODUCT_TYPES ? "paper" : "live");
  /** The private channels an unlisted product type answers (empty): those of the listed futures product. */
  const unlistedChannels = new Set(
    Object.entries(markets).flatMap(([t, m]) =>
      t in PAPER_PRODUCT_TYPES || !PRODUCT_TYPES.includes(t as never) ? [] : [...(m.private?.channels ?? [])],
    ),
  );
  const privateChannels = new Set([...PRIVATE_CHANNELS, ...Object.values(markets).flatMap((m) => [...(m.private?.channels ?? [])])]);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const conns = new Set<Conn>();
  /** Trades since the last flush, per env:symbol. */
  const pendingTrades = new Map<string, PublicTrade[]>();
  /** books seq at the last flush, per env:symbol. */
  const flushedSeq = new Map<string, number>();
  let ticks = 0;

  const tradeListeners = Object.entries(markets).map(([instType, m]) => {
    const onTrade = (env: Env, symbol: string, t: PublicTrade) => {
      const key = `${instType}:${env}:${symbol}`;
      if (!hasSubscriber(env, instType, "trade", symbol)) return;
      let list = pendingTrades.get(key);
      if (!list) pendingTrades.set(key, (list = []));
      if (list.length < 500) list.push(t);
    };
    m.tradeListeners.add(onTrade);
    return () => m.tradeListeners.delete(onTrade);
  });

  /** The demo spelling of each listed product type (USDT-FUTURES: SUSDT-FUTURES). */
  const DEMO_OF = Object.fromEntries(DEMO_TYPES.map((t) => [baseType(t), t]));

  /** Whether any connection follows `channel` of `symbol` in `instType`'s market on `env` (a demo spelling follows the simulation). */
  function hasSubscriber(env: Env, instType: string, channel: string, symbol: string): boolean {
    const demo = DEMO_OF[instType];
    for (const c of conns) {
      if (c.env === env && c.subs.has(`${instType}:${channel}:${symbol}`)) return true;
      if (env === "paper" && demo && c.subs.has(`${demo}:${channel}:${symbol}`)) return true;
    }
    return false;
  }

  function bookSnapshot(c: Conn, inst: Instrument, book: Book, arg: Arg, depth: number) {
    const asks = levels(inst, book.asks.depth(depth));
    const bids = levels(inst, book.bids.depth(depth));
    return {
      action: "snapshot",
      arg,
      data: [{ asks, bids, checksum: bookChecksum(bids, asks), seq: book.seq, ts: String(Date.now()) }],
      ts: Date.now(),
    };
  }

  function snapshot(c: Conn, arg: Arg): void {
    const env = envOf(c, arg);
    const m = markets[baseType(arg.instType)];
    // an unlisted product type: nothing to show
    if (!m) return send(c, { action: "snapshot", arg, data: [], ts: Date.now() });
    const pm = m.private;
    if (arg.instType !== "SPOT" && pm?.channels.has(arg.channel)) {
      const data = pm.snapshot(env, c.user!.userId, arg.channel, arg.instId ?? "default");
      send(c, { action: "snapshot", arg, data, ts: Date.now() });
      return;
    }
    if (arg.channel === "account") {
      const list = COINS.map((coin) => ex.svc.engine.balance(env, c.user!.userId, coin)).filter(
        (b) => (arg.coin === "default" || arg.coin === b.coin) && b.available + b.frozen > 0n,
      );
      send(c, { action: "snapshot", arg, data: list.map(assetJson), ts: Date.now() });
      return;
    }
    if (arg.channel === "orders-algo") {
      const list = ex.plans.list(env, c.user!.userId, arg.instId === "default" ? undefined : arg.instId);
      send(c, { action: "snapshot", arg, data: list.map((p) => ({ instId: p.symbol, ...planJson(p) })), ts: Date.now() });
      return;
    }
    if (arg.channel === "orders") {
      const list = ex.svc.openOrders(env, c.user!.userId, arg.instId === "default" ? undefined : arg.instId);
      send(c, { action: "snapshot", arg, data: list.map((o) => spotOrderStreamJson(o)), ts: Date.now() });
      return;
    }
    if (arg.channel === "fill") {
      send(c, { action: "snapshot", arg, data: spotFills(env, c.user!.userId, arg.instId ?? "default").map(spotFillJson), ts: Date.now() });
      return;
    }
    const inst = instrument(arg.instId ?? "") as Instrument;
    const book = m.book(env, inst.symbol);
    if (arg.channel === "ticker") send(c, { action: "snapshot", arg, data: [m.ticker(env, inst)], ts: Date.now() });
    else if (arg.channel === "trade")
      send(c, {
        action: "snapshot",
        arg,
        data: m.trades(env, inst.symbol, 50).map((t) => tradeJson(inst, t)),
        ts: Date.now(),
      });
    else if (arg.channel === "books") {
      book.tracking = true;
      c.bookSeq.set(`${arg.instType}:${inst.symbol}`, book.seq);
      send(c, bookSnapshot(c, inst, book, arg, Number.MAX_SAFE_INTEGER));
    } else if (arg.channel in SNAPSHOT_BOOKS) send(c, bookSnapshot(c, inst, book, arg, SNAPSHOT_BOOKS[arg.channel]!));
    else if (arg.channel in CANDLE_CHANNELS) send(c, { action: "snapshot", arg, data: m.candles(inst, arg.channel, 100), ts: Date.now() });
  }

  /** The user's newest spot fills, of one pair or (`default`) of all, newest first. */
  function spotFills(env: Env, userId: string, instId: string): SpotFillView[] {
    const symbols = instId === "default" ? INSTRUMENTS.map((i) => i.symbol) : [instId];
    const q = {
      env,
      user: userId,
      orderId: null,
      start: 0,
      end: Number.MAX_SAFE_INTEGER,
      before: "99999999999999999999",
      limit: FILL_SNAPSHOT,
    };
    return symbols
      .flatMap((symbol) => ex.svc.store.fills({ ...q, symbol }).map(spotFillRowView))
      .sort((a, b) => b.ts - a.ts || (b.tradeId < a.tradeId ? -1 : 1))
      .slice(0, FILL_SNAPSHOT);
  }

  /**
   * instType matches in any case; an empty or null instId/coin on a private channel means "default"
   * (docs/decisions/307). Channel names and public instIds stay exact: Bitget echoes them back as sent.
   */
  function validateArg(c: Conn, raw: unknown): Arg | undefined {
    const a = raw as { instType?: unknown; channel?: unknown; instId?: unknown; coin?: unknown } | null;
    if (!a || typeof a !== "object" || typeof a.channel !== "string" || typeof a.instType !== "string") {
      error(c, WS_ERRORS.paramError, "Param error: args need instType and channel", raw);
      return undefined;
    }
    const instType = canonical(KNOWN_TYPES, a.instType);
    const spot = instType === "SPOT";
    const unlisted = instType !== undefined && UNLISTED.includes(baseType(instType) as never);
    if (privateChannels.has(a.channel)) {
      if (!c.isPrivate) return void error(c, WS_ERRORS.channelNotExist, `channel:${a.channel} is private: use ${WS_PATHS.private}`, raw);
      if (!c.user) return void error(c, WS_ERRORS.needLogin, "User needs to log in", raw);
      if (unlisted && unlistedChannels.has(a.channel)) return unlistedArg(c, raw, instType, a.channel, a.instId, a.coin);
      const pm = instType ? markets[baseType(instType)]?.private : undefined;
      if (!spot && instType && pm?.channels.has(a.channel))
        return privateArg(c, raw, instType, { channel: a.channel, instId: a.instId, coin: a.coin }, pm);
      if (!spot || !PRIVATE_CHANNELS.has(a.channel)) {
        const channel = a.channel;
        const served = KNOWN_TYPES.filter((t) =>
          (t === "SPOT"
            ? PRIVATE_CHANNELS
            : UNLISTED.includes(baseType(t) as never)
              ? unlistedChannels
              : markets[baseType(t)]!.private?.channels
          )?.has(channel),
        );
        return void error(c, WS_ERRORS.paramError, `instType must be one of ${served.join(", ")} for channel:${a.channel}`, raw);
      }
      if (a.channel === "account") {
        const coin = isAbsent(a.coin) ? "default" : a.coin;
        if (coin !== "default" && (typeof coin !== "string" || !COINS.includes(coin)))
          return void error(c, WS_ERRORS.paramError, `coin ${shown(coin)} does not exist`, raw);
        return { instType: "SPOT", channel: "account", coin };
      }
      const instId = isAbsent(a.instId) ? "default" : a.instId;
      if (instId !== "default" && (typeof instId !== "string" || !instrument(instId)))
        return void error(c, WS_ERRORS.paramError, `instId ${shown(instId)} does not exist`, raw);
      return { instType: "SPOT", channel: a.channel, instId: instId === "default" ? instId : instrument(instId)!.symbol };
    }
    if (!PUBLIC_CHANNELS.has(a.channel)) return void error(c, WS_ERRORS.channelNotExist, `channel:${a.channel} does not exist`, raw);
    if (!instType) return void error(c, WS_ERRORS.paramError, `instType must be one of ${KNOWN_TYPES.join(", ")}`, raw);
    // no contract is listed under the type: Bitget's answer for an instId that does not exist
    if (unlisted)
      return void error(
        c,
        WS_ERRORS.channelNotExist,
        `instType:${instType},channel:${a.channel},instId:${shown(a.instId)} doesn't exist`,
        raw,
      );
    if (markets[baseType(instType)]!.privateOnly)
      return void error(c, WS_ERRORS.channelNotExist, `channel:${a.channel} does not exist for ${instType}: use SPOT`, raw);
    const inst = typeof a.instId === "string" ? instrument(a.instId) : undefined;
    if (!inst || inst.symbol !== a.instId) return void error(c, WS_ERRORS.paramError, `instId ${String(a.instId)} does not exist`, raw);
    return { instType, channel: a.channel, instId: inst.symbol };
  }

  /** A private channel of another instType: instId "default" or one of its symbols, coin "default" or one it settles in. */
  function privateArg(
    c: Conn,
    raw: unknown,
    instType: string,
    a: { channel: string; instId?: unknown; coin?: unknown },
    pm: PrivateStreamMarket,
  ): Arg | undefined {
    if (a.channel === "account") {
      const coin = isAbsent(a.coin) ? "default" : a.coin;
      const known = typeof coin === "string" ? canonical(pm.coins, coin) : undefined;
      if (coin !== "default" && !known)
        return void error(c, WS_ERRORS.paramError, `coin ${shown(coin)} does not exist for ${instType}`, raw);
      return { instType, channel: "account", coin: known ?? "default" };
    }
    const instId = isAbsent(a.instId) ? "default" : a.instId;
    if (instId === "default") return { instType, channel: a.channel, instId };
    const symbol = typeof instId === "string" ? pm.symbol(instId) : undefined;
    if (!symbol) return void error(c, WS_ERRORS.paramError, `instId ${shown(instId)} does not exist`, raw);
    return { instType, channel: a.channel, instId: symbol };
  }

  /** A private channel of an unlisted product type: "default" only (no instId or coin of it exists); its snapshot is empty. */
  function unlistedArg(c: Conn, raw: unknown, instType: string, channel: string, instId: unknown, coin: unknown): Arg | undefined {
    if (channel === "account") {
      if (!isAbsent(coin) && coin !== "default")
        return void error(c, WS_ERRORS.paramError, `coin ${shown(coin)} does not exist for ${instType}`, raw);
      return { instType, channel, coin: "default" };
    }
    if (!isAbsent(instId) && instId !== "default")
      return void error(c, WS_ERRORS.channelNotExist, `instType:${instType},channel:${channel},instId:${shown(instId)} doesn't exist`, raw);
    return { instType, channel, instId: "default" };
  }

  function subKey(a: Arg): string {
    return `${a.instType}:${a.channel}:${a.channel === "account" ? a.coin : a.instId}`;
  }

  function onMessage(c: Conn, text: string): void {
    const now = Date.now();
    c.lastMessage = now;
    if (now - c.window >= 1000) {
      c.window = now;
      c.windowCount = 0;
    }
    if (++c.windowCount > MAX_MESSAGES_PER_SECOND) return error(c, WS_ERRORS.tooMany, "Request too many");
    if (text === "ping") return send(c, "pong");
    let msg: { op?: unknown; args?: unknown };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return error(c, WS_ERRORS.illegalRequest, "Illegal request: not JSON");
    }
    if (!msg || typeof msg !== "object") return error(c, WS_ERRORS.illegalRequest, "Illegal request");
    // op in any case (docs/decisions/307)
    const op = typeof msg.op === "string" ? canonical(WS_OPS, msg.op) : undefined;
    if (op === "login") return login(deps.login, c, msg.args);
    if (op !== "subscribe" && op !== "unsubscribe") return error(c, WS_ERRORS.invalidOp, `Invalid op: ${shown(msg.op)}`);
    if (!Array.isArray(msg.args) || msg.args.length === 0 || msg.args.length > 100)
      return error(c, WS_ERRORS.paramError, "Param error: args must be a non-empty array");
    for (const raw of msg.args) {
      const arg = validateArg(c, raw);
      if (!arg) continue;
      const key = subKey(arg);
      if (op === "subscribe") {
        if (!c.subs.has(key) && c.subs.size >= MAX_SUBSCRIPTIONS) {
          error(c, WS_ERRORS.overLimit, `Request over limit: at most ${MAX_SUBSCRIPTIONS} channels`, arg);
          continue;
        }
        c.subs.set(key, arg);
        send(c, { event: "subscribe", arg });
        snapshot(c, arg);
      } else {
        c.subs.delete(key);
        if (arg.channel === "books") c.bookSeq.delete(`${arg.instType}:${arg.instId}`);
        send(c, { event: "unsubscribe", arg });
      }
    }
  }

  function flush(): void {
    ticks++;
    const now = Date.now();
    // books: incremental updates from the touched prices, plus top-N snapshots
    const touched = new Map<string, { asks: string[][]; bids: string[][]; seq: number; book: Book; inst: Instrument }>();
    for (const [instType, m] of Object.entries(markets))
      for (const book of m.books()) {
        if (!book.tracking) continue;
        const key = `${instType}:${book.env}:${book.symbol}`;
        const last = flushedSeq.get(key) ?? -1;
        if (book.seq === last) continue;
        flushedSeq.set(key, book.seq);
        const inst = instrument(book.symbol) as Instrument;
        // a level that is gone is sent with size "0"
        const size = (lvl: { lots: number } | undefined) => (lvl ? lots(inst, lvl.lots) : "0");
        const asks = [...book.touchedAsks].sort((a, b) => a - b).map((p) => [price(inst, p), size(book.asks.level(p))]);
        const bids = [...book.touchedBids].sort((a, b) => b - a).map((p) => [price(inst, p), size(book.bids.level(p))]);
        book.touchedAsks.clear();
        book.touchedBids.clear();
        touched.set(key, { asks, bids, seq: book.seq, book, inst });
      }
    let anyBooks = false;
    const fullTick = ticks % 10 === 0;
    for (const c of conns) {
      for (const arg of c.subs.values()) {
        const symbol = arg.instId ?? "";
        const env = envOf(c, arg);
        const key = `${baseType(arg.instType)}:${env}:${symbol}`;
        const m = markets[baseType(arg.instType)];
        if (!m) continue;
        if (arg.channel === "books") {
          anyBooks = true;
          const t = touched.get(key);
          if (!t) continue;
          const pseq = c.bookSeq.get(`${arg.instType}:${symbol}`) ?? 0;
          if (t.seq <= pseq) continue;
          c.bookSeq.set(`${arg.instType}:${symbol}`, t.seq);
          const top = 25;
          send(c, {
            action: "update",
            arg,
            data: [
              {
                asks: t.asks,
                bids: t.bids,
                checksum: bookChecksum(levels(t.inst, t.book.bids.depth(top)), levels(t.inst, t.book.asks.depth(top))),
                seq: t.seq,
                pseq,
                ts: String(now),
              },
            ],
            ts: now,
          });
        } else if (arg.channel in SNAPSHOT_BOOKS) {
          const t = touched.get(key);
          if (t) send(c, bookSnapshot(c, t.inst, t.book, arg, SNAPSHOT_BOOKS[arg.channel]!));
        } else if (arg.channel === "trade") {
          const list = pendingTrades.get(key);
          const inst = instrument(symbol);
          if (list && list.length > 0 && inst)
            send(c, {
              action: "update",
              arg,
              data: list
                .slice()
                .reverse()
                .map((t) => tradeJson(inst, t)),
              ts: now,
            });
        } else if (fullTick && arg.channel === "ticker") {
          const inst = instrument(symbol);
          if (inst) send(c, { action: "snapshot", arg, data: [m.ticker(env, inst)], ts: now });
        } else if (ticks % 5 === 0 && arg.channel in CANDLE_CHANNELS) {
          const inst = instrument(symbol);
          if (inst) send(c, { action: "update", arg, data: m.candles(inst, arg.channel, 1), ts: now });
        }
      }
      if (now - c.lastMessage > IDLE_MS) c.ws.close(1000, "idle: send ping at least every 30 seconds");
    }
    pendingTrades.clear();
    // stop tracking books nobody follows, so their touched sets do not grow
    if (!anyBooks) for (const m of Object.values(markets)) for (const book of m.books()) book.tracking = false;
    else {
      const followed = new Set<string>();
      for (const c of conns)
        for (const a of c.subs.values()) if (a.channel === "books") followed.add(`${baseType(a.instType)}:${envOf(c, a)}:${a.instId}`);
      for (const [instType, m] of Object.entries(markets))
        for (const book of m.books()) {
          const f = followed.has(`${instType}:${book.env}:${book.symbol}`);
          if (!f && book.tracking) {
            book.tracking = false;
            book.touchedAsks.clear();
            book.touchedBids.clear();
          }
        }
    }
  }

  // private pushes come from durable changes only
  const onCommitted = (ch: Change) => {
    if (conns.size === 0) return;
    for (const c of conns) {
      if (!c.user || c.subs.size === 0) continue;
      const uid = c.user.userId;
      let fills: SpotFillView[] | undefined;
      for (const arg of c.subs.values()) {
        if (arg.instType !== "SPOT") continue;
        const wanted = (symbol: string) => arg.instId === "default" || arg.instId === symbol;
        if (arg.channel === "orders" || arg.channel === "fill") fills ??= spotFillViews(ch.fills, uid, c.env);
        if (arg.channel === "orders") {
          const list = [...new Set(ch.orders)].filter((o) => !o.house && o.userId === uid && o.env === c.env && wanted(o.symbol));
          // one item per fill of the order in this change (Bitget's push per trade), else the order as it stands
          const data = list.flatMap((o) => {
            const of = fills!.filter((f) => f.orderId === o.id);
            return of.length ? of.map((f) => spotOrderStreamJson(o, f)) : [spotOrderStreamJson(o)];
          });
          if (data.length) send(c, { action: "update", arg, data, ts: Date.now() });
        } else if (arg.channel === "fill") {
          const data = fills!.filter((f) => wanted(f.symbol)).map(spotFillJson);
          if (data.length) send(c, { action: "update", arg, data, ts: Date.now() });
        } else if (arg.channel === "account") {
          const list = [...new Set(ch.balances)].filter(
            (b) => b.userId === uid && b.env === c.env && (arg.coin === "default" || arg.coin === b.coin),
          );
          if (list.length) send(c, { action: "update", arg, data: list.map(assetJson), ts: Date.now() });
        }
      }
    }
  };

  ex.svc.store.committed.add(onCommitted);
  const onPlan = (p: Plan) => {
    for (const c of conns) {
      if (!c.user || c.user.userId !== p.userId || c.env !== p.env) continue;
      for (const arg of c.subs.values()) {
        if (arg.instType === "SPOT" && arg.channel === "orders-algo" && (arg.instId === "default" || arg.instId === p.symbol))
          send(c, { action: "update", arg, data: [{ instId: p.symbol, ...planJson(p) }], ts: Date.now() });
      }
    }
  };
  ex.plans.listeners.add(onPlan);

  // other instTypes' private channels: the user's connections on that env subscribed to the channel
  const privateListeners = Object.entries(markets).flatMap(([instType, m]) => {
    if (!m.private) return [];
    const wants = (env: Env, userId: string, channel: string) => {
      for (const c of conns)
        if (c.user?.userId === userId)
          for (const a of c.subs.values())
            if (baseType(a.instType) === instType && a.channel === channel && envOf(c, a) === env) return true;
      return false;
    };
    return [
      m.private.listen(wants, (list) => {
        for (const c of conns) {
          if (!c.user) continue;
          const mine = list.filter((x) => x.userId === c.user!.userId);
          if (mine.length === 0) continue;
          for (const arg of c.subs.values()) {
            if (baseType(arg.instType) !== instType) continue;
            const env = envOf(c, arg);
            const of = mine.filter((x) => x.channel === arg.channel && x.env === env);
            if (of.length === 0) continue;
            const match = (item: unknown, symbol?: string) =>
              !arg.instId || arg.instId === "default" || (symbol ?? (item as { symbol?: string }).symbol) === arg.instId;
            const whole = of.filter((x) => x.whole).at(-1);
            if (whole) {
              const data = (whole.data as unknown[]).filter((d) => match(d));
              const extra: Record<string, unknown[]> = {};
              for (const [k, items] of Object.entries(whole.extra ?? {})) {
                const mine = items.filter((d) => match(d));
                if (mine.length) extra[k] = mine;
              }
              send(c, { action: "snapshot", arg, data, ...extra, ts: Date.now() });
              continue;
            }
            const data = of.filter((x) => match(x.data, x.symbol)).map((x) => x.data);
            if (data.length) send(c, { action: "update", arg, data, ts: Date.now() });
          }
        }
      }),
    ];
  });

  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://gateway");
    if (!url.pathname.startsWith(GATEWAY_WS_PREFIX)) return;
    const isPrivate = url.pathname === WS_PATHS.private;
    if (url.pathname !== WS_PATHS.public && !isPrivate) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const env: Env = req.headers.paptrading === "1" || url.searchParams.get("paptrading") === "1" ? "paper" : "live";
    // A web session is not logged in by its cookie alone: it proves its key in a login message.
    settleClientAddress(req, deps.proxySecret);
    const upgrade = { cookie: typeof req.headers.cookie === "string" ? req.headers.cookie : undefined, ip: clientAddressOf(req) };
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c: Conn = {
        ws,
        env,
        isPrivate,
        user: undefined,
        upgrade,
        subs: new Map(),
        bookSeq: new Map(),
        lastMessage: Date.now(),
        window: Date.now(),
        windowCount: 0,
      };
      conns.add(c);
      ws.on("message", (data, isBinary) => {
        if (isBinary) return error(c, WS_ERRORS.illegalRequest, "Illegal request: send text frames");
        onMessage(c, data.toString());
      });
      ws.on("close", () => conns.delete(c));
      ws.on("error", () => conns.delete(c));
    });
  };
  app.server.on("upgrade", onUpgrade);

  return () => {
    clearInterval(timer);
    app.server.off("upgrade", onUpgrade);
    for (const off of tradeListeners) off();
    ex.svc.store.committed.delete(onCommitted);
    ex.plans.listeners.delete(onPlan);
    for (const off of privateListeners) off();
    for (const c of conns) c.ws.terminate();
    wss.close();
  };
}
