import { describe, expect, it } from "vitest";
import { copyConfigFromEnv } from "./config.ts";

describe("copy trading configuration", () => {
  it("defaults to Bitget's figures and our age rule, and refuses what is not a number", () => {
    expect(copyConfigFromEnv({})).toEqual({
      leadMinEquity: 100n * 10n ** 8n,
      leadMinAgeMs: 30 * 86_400_000,
      maxProfitSharePpm: 100_000,
      maxFollowers: undefined,
    });
    expect(copyConfigFromEnv({ COPY_LEAD_MIN_AGE_DAYS: "0", COPY_MAX_FOLLOWERS: "10000", COPY_MAX_PROFIT_SHARE_PCT: "20" })).toMatchObject({
      leadMinAgeMs: 0,
      maxFollowers: 10_000,
      maxProfitSharePpm: 200_000,
    });
    for (const env of [{ COPY_MAX_PROFIT_SHARE_PCT: "100" }, { COPY_LEAD_MIN_EQUITY_USDT: "-1" }, { COPY_MAX_FOLLOWERS: "many" }])
      expect(() => copyConfigFromEnv(env)).toThrow(/copy trading/);
  });
});
