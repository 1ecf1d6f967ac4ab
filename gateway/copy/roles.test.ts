/**
 * One account, two copy products (docs/decisions/361): a lead of futures or spot follows no one in
 * either, a follower of either leads in neither (Bitget: an elite trader "must not be following any
 * elite traders"), whichever comes first; each environment apart (demo is paper money).
 */
import { afterAll, describe, expect, it } from "vitest";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import { migrate } from "../db/database.ts";
import { newChange, TREASURY, type Env } from "../exchange/engine/types.ts";
import { CONTRACTS } from "../futures/contracts.ts";
import { closeFuturesWorlds, futuresWorld } from "../futures/testing.ts";
import { linkCopyProducts } from "./roles.ts";
import { CopyService, type PairSetting } from "./service.ts";
import { SpotCopyService, type SpotPairSetting } from "./spot-service.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore } from "./spot-store.ts";
import { COPY_MIGRATIONS, CopyStore } from "./store.ts";

afterAll(closeFuturesWorlds);

const U = 100_000_000n;
const RIGHT = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));
const FX_PAIR: PairSetting = { symbol: CONTRACTS[0]!.symbol, traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n };
const SPOT_PAIR: SpotPairSetting = { symbol: "ETHUSDT", traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n };

function world() {
  const w = futuresWorld();
  migrate(w.db, COPY_MIGRATIONS);
  migrate(w.db, SPOT_COPY_MIGRATIONS);
  const config = { leadMinEquity: 100n * U, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 };
  const log = (err: unknown) => {
    throw err;
  };
  const fx = new CopyService({ store: new CopyStore(w.db), futures: w.fx, config, registeredAt: () => 0, log });
  const spot = new SpotCopyService({
    store: new SpotCopyStore(w.db),
    exchange: w.ex.svc,
    config,
    equity: (env, user) => w.ex.svc.engine.balance(env, user, "USDT").available,
    registeredAt: () => 0,
    log,
  });
  linkCopyProducts(fx, spot);
  /** Funds both ledgers of `user` in `env` (1,000 USDT each) and opens its futures. */
  const fund = async (user: string, env: Env = "live") => {
    w.fx.svc.transfer(env, user, true, 1_000n * U, `${user}-${env}-fx`);
    w.fx.opening.open(user, FUTURES_AGREEMENT_VERSION, RIGHT);
    const ch = newChange();
    w.ex.svc.ensureAccount(env, user, ch);
    w.ex.svc.engine.transfer(env, TREASURY, user, "USDT", 1_000n * U, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
    await w.ex.svc.store.commit(ch);
  };
  return { fx, spot, fund };
}

const code = (c: string) => expect.objectContaining({ code: c });

describe("a lead follows in no product, a follower leads in none", () => {
  it("refuses a spot lead following in futures and a futures lead following in spot (apply first, then follow)", async () => {
    const { fx, spot, fund } = world();
    for (const u of ["flead", "slead", "x"]) await fund(u);
    fx.apply("live", "flead");
    spot.apply("live", "slead");
    // the gap this closes: a spot lead following a futures lead (the futures service did not know spot roles)
    expect(() => fx.follow("live", "slead", "flead", [FX_PAIR], 0n)).toThrow(code("40601"));
    expect(() => spot.follow("live", "flead", "slead", [SPOT_PAIR])).toThrow(code("40601"));
    expect(fx.followsOf("live", "slead")).toEqual([]);
    expect(spot.followsOf("live", "flead")).toEqual([]);
    // an account that leads nowhere follows in both
    fx.follow("live", "x", "flead", [FX_PAIR], 0n);
    spot.follow("live", "x", "slead", [SPOT_PAIR]);
  });

  it("refuses a spot follower applying to lead futures and a futures follower applying to lead spot (follow first, then apply)", async () => {
    const { fx, spot, fund } = world();
    for (const u of ["flead", "slead", "sfol", "ffol"]) await fund(u);
    fx.apply("live", "flead");
    spot.apply("live", "slead");
    spot.follow("live", "sfol", "slead", [SPOT_PAIR]);
    fx.follow("live", "ffol", "flead", [FX_PAIR], 0n);
    // the gap this closes: a spot follower becoming a futures lead
    expect(() => fx.apply("live", "sfol")).toThrow(code("40601"));
    expect(() => spot.apply("live", "ffol")).toThrow(code("40601"));
    expect(fx.lead("live", "sfol")).toBeUndefined();
    // once it follows no one in any product, it may lead
    spot.unfollow("live", "sfol", "slead");
    expect(fx.apply("live", "sfol")).toMatchObject({ userId: "sfol" });
    fx.unfollow("live", "ffol", "flead", false);
    expect(spot.apply("live", "ffol")).toMatchObject({ userId: "ffol" });
    // leading both products is allowed; the rule is about following
    expect(spot.apply("live", "flead")).toMatchObject({ userId: "flead" });
  });

  it("keeps each environment apart: a live spot lead may follow on demo, a demo spot lead may not follow in demo futures", async () => {
    const { fx, spot, fund } = world();
    for (const env of ["live", "paper"] as const) for (const u of ["flead", "slead"]) await fund(u, env);
    fx.apply("paper", "flead");
    spot.apply("live", "slead");
    fx.follow("paper", "slead", "flead", [FX_PAIR], 0n);
    // changing the demo follow's settings is still a follow: allowed while it leads only on live
    expect(() => fx.follow("paper", "slead", "flead", [FX_PAIR], 0n)).not.toThrow();
    // demo: the same rule within the environment
    await fund("dlead", "paper");
    spot.apply("paper", "dlead");
    expect(() => fx.follow("paper", "dlead", "flead", [FX_PAIR], 0n)).toThrow(code("40601"));
  });
});
