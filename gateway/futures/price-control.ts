/**
 * The simulated market's price control, for tests and demos (docs/decisions/316): off unless the
 * gateway runs with SIM_PRICE_CONTROL=1. An operator's command (cli/price.ts) names a contract, a
 * target price and a rate; from then on the contract's index is a pinned price that moves toward
 * the target by at most the rate each second, so the mark follows it through the warning zone to
 * a liquidation as a real move would. Released, the pin moves back to the spot price and ends there.
 */
import { ENVS, type Env } from "../exchange/engine/types.ts";
import { contract } from "./contracts.ts";
import type { PriceCommand, PriceControlStore } from "./price-control-store.ts";

const PPM = 1_000_000;
/** Largest target accepted, ticks (keeps every product of prices and sizes a safe integer). */
export const MAX_TARGET_TICKS = 1e13;

interface Pin {
  /** The pinned index now, ticks. */
  ticks: number;
  /** Where it is going; null: back to the spot price, then unpinned. */
  target: number | null;
  ratePpm: number;
  seq: number;
}

/** One step of a pin toward `goal`: at most `ratePpm` of the current price (one tick at least). */
export function glide(ticks: number, goal: number, ratePpm: number): number {
  const step = Math.max(1, Math.round((ticks * ratePpm) / PPM));
  if (Math.abs(goal - ticks) <= step) return goal;
  return goal > ticks ? ticks + step : ticks - step;
}

/** A stored command as the control accepts it: a listed contract, a positive whole target, a rate in (0, 100 %]. */
export function commandOf(value: string): PriceCommand | undefined {
  let c: Partial<PriceCommand>;
  try {
    c = JSON.parse(value) as Partial<PriceCommand>;
  } catch {
    return undefined;
  }
  if (!c || typeof c !== "object" || !ENVS.includes(c.env as Env) || typeof c.symbol !== "string") return undefined;
  const k = contract(c.symbol);
  if (!k || k.symbol !== c.symbol) return undefined;
  const targetOk = c.target === null || (Number.isSafeInteger(c.target) && c.target! > 0 && c.target! <= MAX_TARGET_TICKS);
  if (!targetOk || !Number.isSafeInteger(c.ratePpm) || c.ratePpm! < 1 || c.ratePpm! > PPM || !Number.isSafeInteger(c.seq)) return undefined;
  return c as PriceCommand;
}

export class PriceControl {
  private readonly pins = new Map<string, Pin>();
  /** The last sequence number taken per contract, so a command is taken once (and a bad one skipped once). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly store: PriceControlStore,
    private readonly log: (err: unknown) => void = () => undefined,
  ) {}

  /** Takes the commands written since the last call (once a second, before the market steps). */
  poll(): void {
    for (const { key, value } of this.store.commands()) {
      const c = commandOf(value);
      const seq = c?.seq ?? -1;
      if (this.seen.get(key) === seq) continue;
      this.seen.set(key, seq);
      if (!c) {
        this.log(new Error(`price control: ignoring malformed command ${key}`));
        continue;
      }
      const id = `${c.env}:${c.symbol}`;
      const pin = this.pins.get(id);
      if (pin) Object.assign(pin, { target: c.target, ratePpm: c.ratePpm, seq: c.seq });
      // a new pin starts where the price is; a release with no pin has nothing to do
      else if (c.target !== null) this.pins.set(id, { ticks: 0, target: c.target, ratePpm: c.ratePpm, seq: c.seq });
      this.store.ack(c.env, c.symbol, c.seq);
    }
  }

  /** Moves the contract's pin one step, given the spot index it starts from and returns to. */
  advance(env: Env, symbol: string, spotIndex: number): void {
    const id = `${env}:${symbol}`;
    const pin = this.pins.get(id);
    if (!pin) return;
    if (pin.ticks === 0) {
      if (!(spotIndex > 0)) return;
      pin.ticks = spotIndex;
    }
    const goal = pin.target ?? spotIndex;
    if (!(goal > 0)) return;
    pin.ticks = glide(pin.ticks, goal, pin.ratePpm);
    if (pin.target === null && pin.ticks === goal) this.pins.delete(id);
  }

  /** The pinned index of the contract, undefined when it follows the spot market. */
  index(env: Env, symbol: string): number | undefined {
    const t = this.pins.get(`${env}:${symbol}`)?.ticks;
    return t ? t : undefined;
  }
}
