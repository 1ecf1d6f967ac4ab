/**
 * A background area's clock (docs/decisions/020): runs a tick every interval without keeping the
 * process alive; `stop` may be called any number of times, started or not.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;

  start(ms: number, tick: () => void): void {
    this.stop();
    this.timer = setInterval(tick, ms);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
