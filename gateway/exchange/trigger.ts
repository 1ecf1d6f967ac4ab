/**
 * What spot and futures plan orders share (docs/decisions/315): whether a price has crossed a
 * trigger, and the queue that places triggered plans on the next turn, never inside the engine
 * call (a match or a price step) that crossed them.
 */

/** An up-trigger fires at or above its price, a down-trigger at or below. */
export type TriggerDirection = "up" | "down";

export function crossed(direction: TriggerDirection, price: number, trigger: number): boolean {
  return direction === "up" ? price >= trigger : price <= trigger;
}

/** The direction a trigger waits in, seen from the price now: up when it is at or above it. */
export function directionFrom(trigger: number, now: number): TriggerDirection {
  return trigger >= now ? "up" : "down";
}

/** Triggered items, run one at a time in order on a later turn; an error is logged and the rest still run. */
export class TriggerQueue<T> {
  private readonly items: T[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly run: (item: T) => void | Promise<void>,
    private readonly log: (err: unknown) => void,
  ) {}

  push(item: T): void {
    this.items.push(item);
    if (!this.running) this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves once everything queued so far has run (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.items.length) {
        const item = this.items.shift() as T;
        try {
          await this.run(item);
        } catch (err) {
          this.log(err);
        }
      }
    } finally {
      this.running = undefined;
    }
  }
}
