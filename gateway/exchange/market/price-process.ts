/**
 * The fair-price process of every listed pair: log-price returns with GARCH(1,1) volatility
 * clustering, rare jumps, and a common market factor so pairs move together. The same model,
 * stepped per minute or per hour, generates the back-filled history.
 */
import { INSTRUMENTS } from "../instruments.ts";
import type { Rng } from "./random.ts";

const SECONDS_PER_YEAR = 365 * 86_400;
/** GARCH persistence: alpha (reaction to the last shock) + beta (memory) < 1. */
const ALPHA = 0.06;
const BETA = 0.92;
/** Correlation of each pair with the common factor (scaled by its beta). */
const RHO = 0.7;
/** Jumps: expected per year and their size (sd of the log jump). */
const JUMPS_PER_YEAR = 40;
const JUMP_SD = 0.02;

export interface ProcessState {
  logPrice: number[];
  /** Variance per step of each pair (GARCH state). */
  variance: number[];
}

export class PriceProcess {
  readonly n = INSTRUMENTS.length;
  private readonly longVar: number[];
  constructor(
    readonly rng: Rng,
    /** Length of one step in seconds. */
    readonly dt: number,
    readonly state: ProcessState,
  ) {
    this.longVar = INSTRUMENTS.map((i) => (i.vol * i.vol * dt) / SECONDS_PER_YEAR);
  }

  static initial(dt: number): ProcessState {
    return {
      logPrice: INSTRUMENTS.map((i) => Math.log(i.refPrice)),
      variance: INSTRUMENTS.map((i) => (i.vol * i.vol * dt) / SECONDS_PER_YEAR),
    };
  }

  /** Advances one step; returns the log returns. `direction` -1 walks backward in time. */
  step(direction = 1): number[] {
    const z0 = this.rng.normal();
    const jumpP = (JUMPS_PER_YEAR * this.dt) / SECONDS_PER_YEAR;
    const out: number[] = new Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const inst = INSTRUMENTS[i]!;
      const v = this.state.variance[i]!;
      const rho = Math.min(0.95, RHO * inst.beta);
      const z = rho * z0 + Math.sqrt(1 - rho * rho) * this.rng.normal();
      let r = Math.sqrt(v) * z;
      if (this.rng.next() < jumpP) r += JUMP_SD * this.rng.normal();
      const lv = this.longVar[i]!;
      // clamp so a long run cannot explode or vanish
      this.state.variance[i] = Math.min(lv * 25, Math.max(lv * 0.2, lv * (1 - ALPHA - BETA) + ALPHA * r * r + BETA * v));
      // keep prices inside a sane band around the reference (mean reversion far out)
      const drift = (Math.log(inst.refPrice) - this.state.logPrice[i]!) * 1e-4 * Math.min(1, this.dt / 60);
      this.state.logPrice[i] = this.state.logPrice[i]! + direction * r + drift;
      out[i] = r;
    }
    return out;
  }

  price(i: number): number {
    return Math.exp(this.state.logPrice[i]!);
  }

  /** Current per-step volatility of pair i relative to its long-run level. */
  volRatio(i: number): number {
    return Math.sqrt(this.state.variance[i]! / this.longVar[i]!);
  }

  sigma(i: number): number {
    return Math.sqrt(this.state.variance[i]!);
  }
}
