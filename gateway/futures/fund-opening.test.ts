import { afterAll, describe, expect, it } from "vitest";
import { TREASURY } from "../exchange/engine/types.ts";
import { exactRows } from "../db/columns.ts";
import { DEFAULT_FUND_OPENING_USDT, fundOpeningFromEnv, openProtectionFund } from "./fund-opening.ts";
import { FUTURES_BRIDGE, PROTECTION_FUND } from "./service.ts";
import { closeFuturesWorlds, futuresWorld, type FuturesWorld } from "./testing.ts";

const USDT = 10n ** 8n;
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

afterAll(closeFuturesWorlds);

/** Every spot-ledger USDT balance of an environment, the treasury's included: what no transfer may change. */
function spotUsdt(w: FuturesWorld, env: "live" | "paper"): bigint {
  let total = 0n;
  for (const b of w.ex.svc.engine.balances.values()) if (b.env === env && b.coin === "USDT") total += b.available + b.frozen;
  return total;
}

const held = (w: FuturesWorld, env: "live" | "paper", user: string) => w.ex.svc.engine.balance(env, user, "USDT").available;

describe("the protection fund's opening balance (docs/decisions/716)", () => {
  it("moves the operator's amount from the treasury to the fund in each environment, conserved, once", () => {
    const w = futuresWorld();
    const before = {
      live: { total: spotUsdt(w, "live"), treasury: held(w, "live", TREASURY), bridge: held(w, "live", FUTURES_BRIDGE) },
      paper: { total: spotUsdt(w, "paper"), treasury: held(w, "paper", TREASURY), bridge: held(w, "paper", FUTURES_BRIDGE) },
    };
    openProtectionFund(w.db, w.fx, 250_000n * USDT);
    for (const env of ["live", "paper"] as const) {
      expect(w.fx.svc.protectionFund(env)).toBe(250_000n * USDT);
      // the treasury paid exactly what the bridge (the spot side of futures balances) received: nothing minted
      expect(held(w, env, TREASURY)).toBe(before[env].treasury - 250_000n * USDT);
      expect(held(w, env, FUTURES_BRIDGE)).toBe(before[env].bridge + 250_000n * USDT);
      expect(spotUsdt(w, env)).toBe(before[env].total);
    }
    // both legs are billed: the fund's futures bill and the treasury's and bridge's spot bills
    const fxBills = exactRows(
      w.db,
      "SELECT env, business_type, amount, balance FROM fx_bills WHERE user_id = ? ORDER BY env",
      PROTECTION_FUND,
    );
    expect(fxBills).toEqual([
      { env: "live", business_type: "trans_from_exchange", amount: 250_000n * USDT, balance: 250_000n * USDT },
      { env: "paper", business_type: "trans_from_exchange", amount: 250_000n * USDT, balance: 250_000n * USDT },
    ]);
    const spotBills = exactRows(
      w.db,
      "SELECT user_id, size FROM ex_bills WHERE env = 'live' AND ref_id = 'protection-fund-opening' ORDER BY size",
    );
    expect(spotBills).toEqual([
      { user_id: TREASURY, size: -250_000n * USDT },
      { user_id: FUTURES_BRIDGE, size: 250_000n * USDT },
    ]);
    // a second start, and a restart from the database, pay nothing more
    openProtectionFund(w.db, w.fx, 250_000n * USDT);
    expect(w.fx.svc.protectionFund("live")).toBe(250_000n * USDT);
    const again = futuresWorld(w.dir);
    openProtectionFund(again.db, again.fx, 999_000n * USDT);
    expect(again.fx.svc.protectionFund("live")).toBe(250_000n * USDT);
    expect(held(again, "live", TREASURY)).toBe(before.live.treasury - 250_000n * USDT);
  });

  it("leaves the fund alone when the operator sets 0", () => {
    const w = futuresWorld();
    const treasury = held(w, "live", TREASURY);
    openProtectionFund(w.db, w.fx, fundOpeningFromEnv(env({ PROTECTION_FUND_OPENING_USDT: "0" })));
    expect(w.fx.svc.protectionFund("live")).toBe(0n);
    expect(held(w, "live", TREASURY)).toBe(treasury);
  });

  it("reads a non-zero default and refuses a value that is not whole USDT", () => {
    expect(fundOpeningFromEnv(env({}))).toBe(BigInt(DEFAULT_FUND_OPENING_USDT) * USDT);
    expect(fundOpeningFromEnv(env({}))).toBeGreaterThan(0n);
    expect(fundOpeningFromEnv(env({ PROTECTION_FUND_OPENING_USDT: "5000" }))).toBe(5000n * USDT);
    for (const bad of ["-1", "1.5", "lots"])
      expect(() => fundOpeningFromEnv(env({ PROTECTION_FUND_OPENING_USDT: bad }))).toThrow(/PROTECTION_FUND_OPENING_USDT/);
  });
});
