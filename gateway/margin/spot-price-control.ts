/**
 * The operator's price control of the simulated spot market, for tests and demos
 * (docs/decisions/316, addendum): on only with SIM_PRICE_CONTROL=1, like the futures one, and fed
 * by the same command (`npm run futures:price -- --market spot …`). A pin starts at the pair's
 * simulated fair price and glides to the target by at most the rate each second; the spot market
 * makers and takers quote and trade around it, so the pair's last price, the margin risk checks
 * and liquidations follow as in a real move. The futures control's pin logic is reused as is.
 */
import type { Db } from "../db/database.ts";
import { ENVS } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { INSTRUMENTS } from "../exchange/instruments.ts";
import { PriceControl } from "../futures/price-control.ts";
import { PriceControlStore, SPOT_PRICE_KEYS } from "../futures/price-control-store.ts";

const TICK_MS = 1000;

export class SpotPriceControl {
  private readonly control: PriceControl;
  private readonly timer: NodeJS.Timeout;

  constructor(
    db: Db,
    private readonly exchange: Exchange,
    private readonly log: (err: unknown) => void,
  ) {
    this.control = new PriceControl(new PriceControlStore(db, SPOT_PRICE_KEYS), log);
    this.timer = setInterval(() => this.step(), TICK_MS);
    this.timer.unref();
  }

  /** Takes new commands and moves every pin one step; the simulator reads the pins on its next tick. */
  step(): void {
    try {
      this.control.poll();
      const sim = this.exchange.simulator;
      for (const env of ENVS)
        INSTRUMENTS.forEach((inst, i) => {
          const scale = 10 ** inst.pricePrecision;
          const key = `${env}:${inst.symbol}`;
          this.control.advance(env, inst.symbol, Math.round(sim.fair(i) * scale));
          const pinned = this.control.index(env, inst.symbol);
          if (pinned === undefined) sim.pins.delete(key);
          else sim.pins.set(key, pinned / scale);
        });
    } catch (err) {
      this.log(err);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
