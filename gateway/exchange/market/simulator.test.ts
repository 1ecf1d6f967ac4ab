import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.ts";
import { migrateExchange } from "../migrations.ts";
import { ExchangeService } from "../service.ts";
import { MarketData } from "./market-data.ts";
import { MarketSimulator } from "./simulator.ts";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world(seed: number) {
  const dir = mkdtempSync(join(tmpdir(), "sim-test-"));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  migrateExchange(db);
  const svc = new ExchangeService(db, { welcomeUsdt: 0n, rateLimits: false, simulator: true });
  const market = new MarketData(seed, Date.now());
  const errors: unknown[] = [];
  const sim = new MarketSimulator(svc, market, seed, (e) => errors.push(e));
  svc.engine.events.onFill = (f) => {
    market.onFill(f);
    sim.onFill(f.env, f.symbol, f.maker, f.size);
  };
  return { svc, market, sim, errors };
}

describe("market simulator", () => {
  it("quotes a two-sided book with depth and prints trades every tick", () => {
    const { svc, market, sim, errors } = world(11);
    let trades = 0;
    market.listeners.add((env, symbol) => {
      if (env === "live" && symbol === "BTCUSDT") trades++;
    });
    for (let i = 0; i < 5; i++) {
      const before = trades;
      sim.tick();
      expect(trades).toBeGreaterThan(before);
      for (const env of ["live", "paper"] as const) {
        const book = svc.engine.book(env, "SOLUSDT");
        expect(book.bids.levels.length).toBeGreaterThanOrEqual(8);
        expect(book.asks.levels.length).toBeGreaterThanOrEqual(8);
        expect(book.bids.best()!.price).toBeLessThan(book.asks.best()!.price);
      }
    }
    expect(errors).toEqual([]);
  });

  it("skews its quotes against its inventory", () => {
    const flat = world(5);
    const long = world(5);
    // the long market maker has bought a lot of BTC: it should quote lower to sell it off
    const fakeMaker = { userId: "house-mm", side: "buy" } as Parameters<typeof long.sim.onFill>[2];
    long.sim.onFill("live", "BTCUSDT", fakeMaker, 10_000_000); // 10 BTC
    flat.sim.tick();
    long.sim.tick();
    const mid = (w: ReturnType<typeof world>) => {
      const b = w.svc.engine.book("live", "BTCUSDT");
      return (b.bids.best()!.price + b.asks.best()!.price) / 2;
    };
    expect(long.sim.fair(0)).toBe(flat.sim.fair(0));
    expect(mid(long)).toBeLessThan(mid(flat));
  });

  it("is deterministic from its seed", () => {
    const a = world(99);
    const b = world(99);
    const c = world(100);
    const path = (w: ReturnType<typeof world>) => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++) {
        w.sim.tick();
        out.push(w.sim.fair(0), w.svc.engine.book("live", "BTCUSDT").bids.best()!.price);
      }
      return out;
    };
    const pa = path(a);
    expect(path(b)).toEqual(pa);
    expect(path(c)).not.toEqual(pa);
  });
});
