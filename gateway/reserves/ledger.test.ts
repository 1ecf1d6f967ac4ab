import { describe, expect, it } from "vitest";
import type { Exchange } from "../exchange/exchange.ts";
import type { Futures } from "../futures/futures.ts";
import type { Margin } from "../margin/margin.ts";
import { liveLedger } from "./ledger.ts";

type Bal = { env: "live" | "paper"; userId: string; coin: string; available: bigint; frozen: bigint };
const bal = (userId: string, coin: string, available: bigint, frozen = 0n, env: Bal["env"] = "live"): Bal => ({
  env,
  userId,
  coin,
  available,
  frozen,
});

/** The three areas' surfaces the cut reads, filled by hand (docs/proof-of-reserves.md §1). */
function cut(opts: {
  users: string[];
  balances: Bal[];
  loans?: Array<{ env: "live" | "paper"; account: string; coin: string; principal: bigint; interest: bigint }>;
  futures?: Array<{
    env: "live" | "paper";
    userId: string;
    balance: bigint;
    positions?: Array<{ holdSide: "long" | "short"; cost: bigint; value: bigint }>;
  }>;
}) {
  const exchange = {
    accounts: { of: (id: string) => (opts.users.includes(id) ? { parentId: null, frozen: false } : undefined) },
    svc: { engine: { balances: new Map(opts.balances.map((b, i) => [String(i), b])) } },
  } as unknown as Exchange;
  const margin = { svc: { allLoans: () => opts.loans ?? [] } } as unknown as Margin;
  const accounts = opts.futures ?? [];
  const futures = {
    svc: {
      allAccounts: () => accounts,
      positionsOf: (env: string, userId: string) =>
        (accounts.find((a) => a.env === env && a.userId === userId)?.positions ?? []).map((p) => ({ ...p })),
      markValue: (p: { value: bigint }) => p.value,
    },
  } as unknown as Futures;
  return liveLedger(exchange, margin, futures)();
}

describe("what a snapshot counts", () => {
  it("adds spot, margin net of debt per coin (never below 0) and futures equity (never below 0), live only", () => {
    const c = cut({
      users: ["u", "v"],
      balances: [
        bal("u", "USDT", 800n, 200n),
        bal("u", "USDT", 5n, 0n, "paper"),
        bal("u#crossed", "USDT", 1_500n),
        bal("u#crossed", "BTC", 1n),
        bal("u#isolated#ETHUSDT", "ETH", 10n),
        bal("v", "BTC", 3n),
        bal("treasury", "USDT", -99_999n),
        bal("fees", "USDT", 40n),
        bal("usdt-futures", "USDT", 700n),
      ],
      loans: [
        { env: "live", account: "u#crossed", coin: "USDT", principal: 500n, interest: 1n },
        // owes more BTC than it holds: BTC counts 0, and the debt does not touch its USDT
        { env: "live", account: "u#crossed", coin: "BTC", principal: 4n, interest: 0n },
        { env: "paper", account: "u#crossed", coin: "USDT", principal: 1_000n, interest: 0n },
      ],
      futures: [
        { env: "live", userId: "u", balance: 300n, positions: [{ holdSide: "long", cost: 100n, value: 150n }] },
        { env: "live", userId: "v", balance: 10n, positions: [{ holdSide: "short", cost: 100n, value: 200n }] },
        { env: "live", userId: "protection-fund", balance: 390n },
      ],
    });
    expect(Object.fromEntries(c.liabilities.get("u")!)).toEqual({ USDT: 1_000n + 999n + 350n, BTC: 0n, ETH: 10n });
    expect(Object.fromEntries(c.liabilities.get("v")!)).toEqual({ BTC: 3n, USDT: 0n });
    expect([...c.liabilities.keys()].sort()).toEqual(["u", "v"]);
    // every live spot-ledger account but the treasury: users, margin identities, fees, the futures ledger's account
    expect(Object.fromEntries(c.reserves)).toEqual({ USDT: 1_000n + 1_500n + 40n + 700n, BTC: 4n, ETH: 10n });
  });
});
