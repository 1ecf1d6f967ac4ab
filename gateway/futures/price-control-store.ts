/**
 * Where the operator's price-control commands wait for the gateway (docs/decisions/316): rows of
 * `fx_meta` keyed `sim_price:<env>:<SYMBOL>` (the latest command of that contract) and
 * `sim_price_ack:<env>:<SYMBOL>` (the sequence number the gateway last took). SQL only.
 */
import type { Db } from "../db/database.ts";
import type { Env } from "../exchange/engine/types.ts";

/** The futures index's rows; the spot pairs' pins use `sim_spot_price` (docs/decisions/316, addendum). */
export const FUTURES_PRICE_KEYS = "sim_price";
export const SPOT_PRICE_KEYS = "sim_spot_price";

/** A command: move the contract's index to `target` ticks (null: back to the spot price) by at most `ratePpm` of it a second. */
export interface PriceCommand {
  env: Env;
  symbol: string;
  target: number | null;
  ratePpm: number;
  seq: number;
}

export class PriceControlStore {
  private readonly COMMAND: string;
  private readonly ACK: string;

  /** `keys`: the row prefix of the market the commands steer (futures by default, or spot). */
  constructor(
    private readonly db: Db,
    keys: string = FUTURES_PRICE_KEYS,
  ) {
    this.COMMAND = `${keys}:`;
    this.ACK = `${keys}_ack:`;
  }

  /** Every command row, read as stored (the control checks them). */
  commands(): Array<{ key: string; value: string }> {
    // a key range rather than LIKE, so `_` in the prefix is not a wildcard
    return this.db
      .prepare("SELECT key, value FROM fx_meta WHERE key >= ? AND key < ? ORDER BY key")
      .all(this.COMMAND, this.COMMAND.slice(0, -1) + ";") as Array<{ key: string; value: string }>;
  }

  /** Replaces the contract's command (the CLI); returns its sequence number, above any earlier one. */
  put(c: Omit<PriceCommand, "seq">, now = Date.now()): number {
    const key = `${this.COMMAND}${c.env}:${c.symbol}`;
    // IMMEDIATE: the write lock first, so a busy gateway makes it wait (busy_timeout) rather than fail
    return this.db
      .transaction(() => {
        const prev = this.db.prepare("SELECT value FROM fx_meta WHERE key = ?").get(key) as { value: string } | undefined;
        const prevSeq = prev ? Number((JSON.parse(prev.value) as { seq?: unknown }).seq) || 0 : 0;
        const seq = Math.max(now, prevSeq + 1);
        this.db
          .prepare("INSERT INTO fx_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
          .run(key, JSON.stringify({ ...c, seq } satisfies PriceCommand));
        return seq;
      })
      .immediate();
  }

  ack(env: Env, symbol: string, seq: number): void {
    this.db
      .prepare("INSERT INTO fx_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(`${this.ACK}${env}:${symbol}`, String(seq));
  }

  acked(env: Env, symbol: string): number | undefined {
    const row = this.db.prepare("SELECT value FROM fx_meta WHERE key = ?").get(`${this.ACK}${env}:${symbol}`) as
      | { value: string }
      | undefined;
    return row ? Number(row.value) : undefined;
  }
}
