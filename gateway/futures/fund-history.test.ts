import { describe, expect, it } from "vitest";
import { tempDatabaseEachTest } from "../db/testing.ts";
import { FundHistoryStore, fundHistory } from "./fund-history.ts";
import type { Futures } from "./futures.ts";
import { FUTURES_MIGRATIONS } from "./migrations.ts";
import { PROTECTION_FUND } from "./service.ts";

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const t = tempDatabaseEachTest("fund-history-", FUTURES_MIGRATIONS);
let nextId = 1;

function bill(env: "live" | "paper", userId: string, ts: number, balance: bigint): void {
  t.db
    .prepare(
      "INSERT INTO fx_bills (bill_id, env, user_id, symbol, coin, business_type, amount, fee, balance, ts) VALUES (?, ?, ?, 'BTCUSDT', 'USDT', 'liquidation_cover', 0, 0, ?, ?)",
    )
    .run(nextId++, env, userId, balance, ts);
}

/** The fund's balance now, per environment, as the futures service would say, on an exchange started at `genesis`. */
const futures = (live: bigint, paper: bigint, genesis = NOW - 400 * DAY) =>
  ({
    svc: { protectionFund: (env: string) => (env === "live" ? live : paper) },
    exchange: { svc: { store: { genesis: () => genesis } } },
  }) as unknown as Futures;

describe("the protection fund's history (docs/decisions/714)", () => {
  it("opens with the balance before the window, follows each fund bill in it, and ends at the balance now", () => {
    bill("live", PROTECTION_FUND, NOW - 40 * DAY, 100_00000000n);
    bill("live", PROTECTION_FUND, NOW - 5 * DAY, 150_00000000n);
    bill("live", "someone", NOW - 4 * DAY, 999_00000000n);
    bill("live", PROTECTION_FUND, NOW - 2 * DAY, 2n ** 62n);
    const h = fundHistory(new FundHistoryStore(t.db), futures(2n ** 62n + 1n, 0n), 30, NOW);
    const live = h.environments[0]!;
    expect(live).toMatchObject({ env: "live", productType: "USDT-FUTURES", balance: "46116860184.27387905" });
    expect(live.points).toEqual([
      { time: NOW - 30 * DAY, balance: "100.00000000" },
      { time: NOW - 5 * DAY, balance: "150.00000000" },
      // exact beyond 2^53: amounts are read as bigints
      { time: NOW - 2 * DAY, balance: "46116860184.27387904" },
      { time: NOW, balance: "46116860184.27387905" },
    ]);
    // no bill at all: the balance now, held the whole window
    expect(h.environments[1]).toMatchObject({
      env: "paper",
      productType: "SUSDT-FUTURES",
      points: [
        { time: NOW - 30 * DAY, balance: "0.00000000" },
        { time: NOW, balance: "0.00000000" },
      ],
    });
  });

  it("starts no earlier than the exchange's start (decision 716)", () => {
    bill("live", PROTECTION_FUND, NOW - 3 * DAY, 1_000_000_00000000n);
    const h = fundHistory(new FundHistoryStore(t.db), futures(1_000_000_00000000n, 0n, NOW - 3 * DAY), 30, NOW);
    expect(h.environments[0]!.points).toEqual([
      { time: NOW - 3 * DAY, balance: "1000000.00000000" },
      { time: NOW, balance: "1000000.00000000" },
    ]);
    // no bill at all: the balance now, from the start, not from a month before it
    expect(h.environments[1]!.points[0]).toEqual({ time: NOW - 3 * DAY, balance: "0.00000000" });
  });

  it("thins a busy window evenly to at most a thousand points, keeping the newest change", () => {
    for (let i = 0; i < 2500; i++) bill("live", PROTECTION_FUND, NOW - 20 * DAY + i * 60_000, BigInt(i + 1) * 100_000_000n);
    const live = fundHistory(new FundHistoryStore(t.db), futures(2500n * 100_000_000n, 0n), 30, NOW).environments[0]!;
    const changes = live.points.slice(1, -1);
    expect(changes.length).toBeLessThanOrEqual(1000);
    expect(changes.length).toBeGreaterThan(800);
    expect(changes.at(-1)).toEqual({ time: NOW - 20 * DAY + 2499 * 60_000, balance: "2500.00000000" });
    // spread over the whole window, not only its newest part
    expect(changes[0]!.time).toBeLessThan(NOW - 20 * DAY + 5 * 60_000);
  });
});
