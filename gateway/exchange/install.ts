/**
 * Installs the embedded exchange on the gateway: storage, engine rebuilt from the database,
 * simulated market, REST routes and streams. Returns a close function that stops the timers and
 * flushes what is pending.
 */
import type { FastifyInstance } from "fastify";
import type { GatewayContext } from "../context.ts";
import { AlgoService } from "./algo.ts";
import { accountRoutes } from "./api/account-routes.ts";
import { walletRoutes } from "./api/wallet-routes.ts";
import { Authenticator } from "./api/auth.ts";
import { lots, price } from "./api/format.ts";
import { planRoutes } from "./api/plan-routes.ts";
import { privateExchangeRoutes } from "./api/private-routes.ts";
import { publicExchangeRoutes } from "./api/public-routes.ts";
import { RateLimiter } from "./api/rate-limit.ts";
import { exchangeConfigFromEnv, type ExchangeConfig } from "./config.ts";
import { formatScaled } from "./decimal.ts";
import type { Env } from "./engine/types.ts";
import type { Instrument } from "./instruments.ts";
import { MarketData } from "./market/market-data.ts";
import { MarketSimulator } from "./market/simulator.ts";
import { migrateExchange } from "./migrations.ts";
import { ExchangeService } from "./service.ts";
import { installStreams } from "./ws/streams.ts";

const DEPOSIT_POLL_MS = 1000;

export class Exchange {
  readonly svc: ExchangeService;
  readonly market: MarketData;
  readonly simulator: MarketSimulator;
  readonly algo: AlgoService;
  readonly limiter: RateLimiter;
  readonly auth: Authenticator;
  private depositTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly ctx: GatewayContext,
    readonly config: ExchangeConfig,
    log: (err: unknown) => void,
  ) {
    migrateExchange(ctx.db);
    this.svc = new ExchangeService(ctx.db, config);
    this.svc.welcomeEligible = (userId) => !ctx.accounts?.of(userId)?.parentId;
    this.svc.load();
    const genesis = ensureGenesis(ctx);
    this.market = new MarketData(ctx.config.seed, genesis);
    this.market.candles.load(ctx.db);
    this.simulator = new MarketSimulator(this.svc, this.market, ctx.db, ctx.config.seed, log);
    this.svc.engine.events.onFill = (f) => {
      this.market.onFill(f);
      this.simulator.onFill(f.env, f.symbol, f.maker, f.size);
    };
    this.algo = new AlgoService(this.svc, (env, symbol) => this.market.tape(env, symbol).latest(1)[0]?.price ?? this.market.candles.lastPrice(symbol), log);
    this.algo.load();
    this.market.listeners.add((env, symbol, t) => this.algo.onTrade(env, symbol, t.price));
    this.limiter = new RateLimiter(config.rateLimits);
    this.auth = new Authenticator(ctx);
    const poll = () => void this.svc.applyDeposits().catch(log);
    poll();
    this.depositTimer = setInterval(poll, DEPOSIT_POLL_MS);
    this.depositTimer.unref();
    if (config.simulator) this.simulator.start();
  }

  close(): void {
    if (this.depositTimer) clearInterval(this.depositTimer);
    this.simulator.stop();
    this.svc.store.flush();
  }

  /** Book depth, optionally merged into buckets of 10^step ticks (bids down, asks up). */
  depth(env: Env, inst: Instrument, n: number, step = 0) {
    const book = this.svc.engine.book(env, inst.symbol);
    const bucket = 10 ** step;
    const merge = (levels: Array<[number, number]>, up: boolean) => {
      const out: Array<[number, number]> = [];
      for (const [p, s] of levels) {
        const b = step === 0 ? p : (up ? Math.ceil(p / bucket) : Math.floor(p / bucket)) * bucket;
        const last = out[out.length - 1];
        if (last && last[0] === b) last[1] += s;
        else if (out.length < n) out.push([b, s]);
        else break;
      }
      return out.map(([p, s]) => [price(inst, p), lots(inst, s)]);
    };
    const deep = step === 0 ? n : n * 50;
    return { asks: merge(book.asks.depth(deep), true), bids: merge(book.bids.depth(deep), false), ts: String(Date.now()) };
  }

  ticker(env: Env, inst: Instrument, now: number) {
    const book = this.svc.engine.book(env, inst.symbol);
    const st = this.market.candles.stats24h(inst.symbol, now);
    const bid = book.bids.best();
    const ask = book.asks.best();
    const last = this.market.tape(env, inst.symbol).latest(1)[0]?.price ?? st?.close ?? 0;
    const change = (from: number) => (from > 0 ? formatScaled(BigInt(Math.round(((last - from) / from) * 10_000)), 4) : "0");
    const cents = (c: number) => formatScaled(BigInt(Math.round(c)), 2);
    return {
      symbol: inst.symbol,
      high24h: price(inst, st?.high ?? last),
      open: price(inst, st?.open ?? last),
      low24h: price(inst, st?.low ?? last),
      lastPr: price(inst, last),
      quoteVolume: cents(st?.quoteCents ?? 0),
      baseVolume: lots(inst, st?.base ?? 0),
      usdtVolume: cents(st?.quoteCents ?? 0),
      bidPr: bid ? price(inst, bid.price) : "",
      askPr: ask ? price(inst, ask.price) : "",
      bidSz: bid ? lots(inst, bid.lots) : "",
      askSz: ask ? lots(inst, ask.lots) : "",
      openUtc: price(inst, st?.openUtc ?? last),
      ts: String(now),
      changeUtc24h: change(st?.openUtc ?? 0),
      change24h: change(st?.open ?? 0),
    };
  }
}

function ensureGenesis(ctx: GatewayContext): number {
  const row = ctx.db.prepare("SELECT value FROM ex_meta WHERE key = 'genesis'").get() as { value: string } | undefined;
  if (row) return Number(row.value);
  const now = Date.now();
  ctx.db.prepare("INSERT INTO ex_meta (key, value) VALUES ('genesis', ?)").run(String(now));
  return now;
}

/** Adds the exchange to a gateway; the returned function stops it (call before closing the db). */
export async function installExchange(app: FastifyInstance, ctx: GatewayContext): Promise<() => void> {
  const ex = new Exchange(ctx, exchangeConfigFromEnv(), (err) => app.log.error({ err }, "exchange error"));
  publicExchangeRoutes(app, ex);
  privateExchangeRoutes(app, ex);
  planRoutes(app, ex);
  accountRoutes(app, ex);
  walletRoutes(app, ex);
  const closeStreams = installStreams(app, ex);
  return () => {
    closeStreams();
    ex.close();
  };
}
