/**
 * The margin area, built once next to the spot exchange (docs/decisions/320): the store, the
 * service, margin orders and the risk watch, wired to the spot exchange's trades and commits, and
 * the interest clock. Routes and streams are handed this object; `close()` stops the clock.
 */
import type { Db } from "../db/database.ts";
import type { Exchange } from "../exchange/exchange.ts";
import type { MarginConfig } from "./config.ts";
import { RiskWatch } from "./liquidation.ts";
import { MarginOrders } from "./orders.ts";
import { MarginService } from "./service.ts";
import { MarginStore } from "./store.ts";
import { Ticker } from "../ticker.ts";

/** How often the interest clock looks for hours come due. */
const TICK_MS = 1000;

export class Margin {
  readonly store: MarginStore;
  readonly svc: MarginService;
  readonly orders: MarginOrders;
  readonly risk: RiskWatch;
  private readonly clock = new Ticker();
  private readonly offTrade: () => void;
  private readonly offCommit: () => void;

  constructor(
    db: Db,
    readonly exchange: Exchange,
    config: MarginConfig,
    private readonly log: (err: unknown) => void,
  ) {
    this.store = new MarginStore(db);
    this.svc = new MarginService(this.store, exchange, config);
    this.svc.load();
    this.orders = new MarginOrders(this.svc);
    this.orders.load();
    this.risk = new RiskWatch(this.svc, log);
    const onTrade = (env: "live" | "paper", symbol: string) => this.risk.onTrade(env, symbol);
    exchange.market.listeners.add(onTrade);
    this.offTrade = () => exchange.market.listeners.delete(onTrade);
    const onCommit = (ch: Parameters<MarginOrders["onCommitted"]>[0]) => this.orders.onCommitted(ch);
    exchange.svc.store.committed.add(onCommit);
    this.offCommit = () => exchange.svc.store.committed.delete(onCommit);
    exchange.svc.paperResetHooks.add((userId) => this.resetPaper(userId));
    this.svc.listeners.add((e) => {
      if (e.kind === "account") this.risk.onAccount(e.env, e.ref);
    });
  }

  /** Seeds the protection fund and starts the interest clock. */
  async start(): Promise<void> {
    await this.svc.seedFund();
    this.clock.start(TICK_MS, () => void this.svc.accrue().catch(this.log));
  }

  close(): void {
    this.clock.stop();
    this.offTrade();
    this.offCommit();
  }

  /**
   * A simulation reset: the user's margin orders are cancelled, the pool forgives what is owed
   * (demo coins) and the margin accounts' coins go back to the treasury with the spot ones.
   */
  private resetPaper(userId: string): void {
    this.svc.resetPaper(userId);
  }
}
