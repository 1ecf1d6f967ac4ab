/**
 * A money test suite that thinks like a thief (issue 26, docs/decisions/344). Three colluding
 * accounts (`a`, `b`, and `c`, a sub-account of `a`) run random sequences of deposits (operator
 * credit and the simulated chain), transfers between spot, sub-account, futures, crossed and
 * isolated margin, borrows and repays, spot, margin and futures orders at extreme prices (far
 * through and far away from the market, market, reduce-only, post-only, IOC, FOK), cancels and
 * modifies (a cancel racing a fill in the same turn), honest price steps and jumps that liquidate
 * and deleverage, the futures pricing clock, funding, interest hours, TP/SL and trigger orders
 * fired by a last price a tiny trade in a thin book moves, withdrawals, and copy trading among
 * themselves (one leads, the others follow by ratio or fixed margin with loss limits, unfollow,
 * close copies; the profit share moves between them). After every step:
 * (a) money is conserved over every ledger, and (b) the colluders together hold no more than they
 * put in plus what honest moves of the reference price explain.
 *
 * THIEF_RUNS (sequences per property, default 40) and THIEF_SEED (fast-check's seed, default
 * 26026: `npm test` replays the same sequences every run, so a failure there is the code's, never
 * the draw's; other seeds are for long runs) scale it; THIEF_STEPS bounds a sequence's length (default 30).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { walletChain, type WalletChain } from "../../protocol/wallet.ts";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import type { LoanType } from "../../protocol/margin.ts";
import { queueDeposit } from "../exchange/deposits.ts";
import { newChange } from "../exchange/engine/types.ts";
import { MARGIN_FUND } from "../margin/accounts.ts";
import { modifyOrder } from "../futures/order-actions.ts";
import type { FxTriggerType } from "../futures/plan-store.ts";
import { BTC, ENV, INST, MoneyWorld, SYMBOL } from "./world.ts";

const QUIZ_ANSWERS = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));
const RUNS = Number(process.env.THIEF_RUNS ?? 40);
const SEED = Number(process.env.THIEF_SEED ?? 26026);
const STEPS = Number(process.env.THIEF_STEPS ?? 30);
/** A property's time limit: generous for a long run (about a second a sequence on a busy 2-core machine). */
const LIMIT_MS = Math.max(600_000, RUNS * 1_500);
const U = 10n ** 8n;

/** Prices as factors of the reference: far through, near, and far away on both sides. */
const FACTORS = [0.0003, 0.2, 0.9, 0.946, 0.99, 0.999, 1, 1.001, 1.01, 1.054, 1.1, 5, 4000];
const USDT_SIZES = [6, 60, 600, 6_000, 60_000, 250_000];

const who = fc.nat(2);
const factor = fc.constantFrom(...FACTORS);
const usdt = fc.constantFrom(...USDT_SIZES);
const side = fc.constantFrom("buy" as const, "sell" as const);
const force = fc.constantFrom("gtc" as const, "ioc" as const, "fok" as const, "post_only" as const);
const mode = fc.constantFrom("crossed" as const, "isolated" as const);

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("deposit" as const),
      u: who,
      btc: fc.boolean(),
      amount: fc.constantFrom(100, 2_000, 20_000, 100_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("chain" as const), u: who, btc: fc.boolean(), amount: fc.constantFrom(50, 5_000) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("block" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant("withdraw" as const), u: who, btc: fc.boolean(), amount: fc.constantFrom(20, 1_000, 50_000) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("transfer" as const),
      u: who,
      to: fc.constantFrom("futures" as const, "crossed" as const, "isolated" as const, "sub" as const),
      back: fc.boolean(),
      btc: fc.boolean(),
      amount: fc.constantFrom(50, 1_000, 10_000, 100_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("borrow" as const), u: who, mode, btc: fc.boolean(), share: fc.constantFrom(0.3, 1) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("repay" as const), u: who, mode, btc: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant("spot" as const), u: who, side, market: fc.boolean(), force, f: factor, usdt }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("margin" as const),
      u: who,
      mode,
      loan: fc.constantFrom<LoanType>("normal", "autoLoan", "autoRepay", "autoLoanAndRepay"),
      side,
      market: fc.boolean(),
      f: factor,
      usdt,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("settings" as const),
      u: who,
      lever: fc.constantFrom(1, 5, 20, 75, 125),
      isolated: fc.boolean(),
      hedge: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant("futures" as const),
      u: who,
      side,
      market: fc.boolean(),
      force,
      close: fc.boolean(),
      f: factor,
      usdt,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant("fpair" as const),
      a: who,
      b: who,
      side,
      f: fc.constantFrom(0.95, 0.99, 1, 1, 1.01, 1.05),
      usdt: fc.constantFrom(600, 6_000, 60_000, 250_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant("fmargin" as const), u: who, long: fc.boolean(), amount: fc.constantFrom(-500, -20, 20, 500) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant("cancel" as const), u: who, market: fc.constantFrom("spot", "margin", "futures"), i: fc.nat(9) }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("modify" as const), u: who, i: fc.nat(9), f: factor, half: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant("race" as const), a: who, b: who, side, f: factor, cancelFirst: fc.boolean(), usdt }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("nudge" as const), a: who, b: who, futures: fc.boolean(), f: factor }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("plan" as const),
      u: who,
      futures: fc.boolean(),
      side,
      close: fc.boolean(),
      f: factor,
      mark: fc.boolean(),
      usdt,
      // a futures trailing order (track_plan) with this callback, ppm; 0: an ordinary trigger
      trail: fc.constantFrom(0, 0, 1_000, 20_000, 100_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("tpsl" as const),
      u: who,
      profit: fc.boolean(),
      long: fc.boolean(),
      f: factor,
      mark: fc.boolean(),
      // a trailing stop of the position (moving_plan) with this callback, ppm; 0: a TP or SL
      trail: fc.constantFrom(0, 0, 1_000, 20_000, 100_000),
    }),
  },
  {
    weight: 2,
    // spot cancel-replace: a resting limit order cancelled and placed again at another price and size
    arbitrary: fc.record({ k: fc.constant("replace" as const), u: who, i: fc.nat(9), f: factor, half: fc.boolean() }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant("move" as const),
      bp: fc.oneof(fc.integer({ min: -300, max: 300 }), fc.constantFrom(-4000, -2000, -1200, -600, 600, 1200, 2000, 4000)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("lead" as const), u: who, share: fc.constantFrom(0, 50_000, 100_000) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("follow" as const),
      u: who,
      v: who,
      any: fc.boolean(),
      // percent of the lead's lots, or a fixed margin (USDT) per copy
      ratio: fc.constantFrom(10, 100, 300, 1000),
      amount: fc.constantFrom(0, 0, 50, 5_000),
      cap: fc.constantFrom(0, 0, 100, 10_000),
      loss: fc.constantFrom(0, 0, 20, 2_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("unfollow" as const), u: who, v: who, close: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("copyClose" as const), u: who, lead: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("slead" as const), u: who, share: fc.constantFrom(0, 100_000) }) },
  {
    weight: 10,
    // a spot order of the run's spot lead (when it has one): its fills are what the followers copy
    arbitrary: fc.record({ k: fc.constant("sltrade" as const), u: who, side, market: fc.boolean(), f: factor, usdt }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("sfollow" as const),
      u: who,
      v: who,
      // a multiple of the lead's size (ppm), or a fixed USDT per buy; take profit / stop loss in whole percent
      ratio: fc.constantFrom(10_000, 1_000_000, 10_000_000),
      amount: fc.constantFrom(0, 0, 20, 5_000),
      tp: fc.constantFrom(0, 0, 1, 50),
      sl: fc.constantFrom(0, 0, 1, 20),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("sunfollow" as const),
      u: who,
      v: who,
      how: fc.constantFrom("unfollow" as const, "stop" as const, "sell" as const, "leadSell" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("clock" as const), n: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("funding" as const), rate: fc.integer({ min: -3000, max: 3000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("hours" as const), n: fc.constantFrom(1, 24, 240) }) },
);
export type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const USDT_TRC20 = walletChain("USDT", "TRC20") as WalletChain;
const BTC_CHAIN = walletChain("BTC", "BTC") as WalletChain;
const ADDRESS = { USDT: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", BTC: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" };

/** Lots of BTC worth `usdt` at `ticks`. */
const lotsFor = (usdt: number, ticks: number) => Math.max(1, Math.round((usdt * 1e8) / Math.max(1, ticks)));
const priceText = (ticks: number) => (Math.max(1, ticks) / 100).toFixed(2);
const sizeText = (lots: number) => (lots / 1e6).toFixed(6);
/** A coin amount in ledger units: USDT as given, BTC as that many USDT's worth at R. */
const units = (w: MoneyWorld, btc: boolean, usdtAmount: number) =>
  btc ? (BigInt(usdtAmount) * U * 100n) / BigInt(w.R) : BigInt(usdtAmount) * U;

let transfers = 0;

/** Runs one step as the colluders would: every refusal with a code is a fine answer, anything else is a bug. */
async function step(w: MoneyWorld, users: string[], o: Op): Promise<void> {
  const R = w.R;
  const at = (f: number) => Math.max(1, Math.round(R * f));
  const user = "u" in o ? users[o.u]! : "";
  const svc = w.fx.svc;
  switch (o.k) {
    case "deposit":
      queueDeposit(w.db, { env: ENV, userId: user, coin: o.btc ? "BTC" : "USDT", amount: units(w, o.btc, o.amount) });
      await w.ex.svc.applyDeposits();
      return;
    case "chain":
      w.wallet.addDeposit(ENV, user, o.btc ? "BTC" : "USDT", o.btc ? BTC_CHAIN : USDT_TRC20, units(w, o.btc, o.amount));
      return;
    case "block":
      await w.wallet.block();
      return;
    case "withdraw": {
      const coin = o.btc ? "BTC" : "USDT";
      const amount = units(w, o.btc, o.amount);
      await w.wallet.withdraw(ENV, user, {
        coin,
        chain: o.btc ? "BTC" : "TRC20",
        address: ADDRESS[coin],
        tag: "",
        size: (Number(amount) / 1e8).toFixed(o.btc ? 8 : 6),
        clientOid: "",
        via: "api",
        confirm: () => undefined,
      });
      return;
    }
    case "transfer": {
      const coin = o.btc && o.to !== "futures" ? "BTC" : "USDT";
      const amount = units(w, coin === "BTC", o.amount);
      const id = `x${++transfers}`;
      if (o.to === "futures") svc.transfer(ENV, user, !o.back, amount, id);
      else if (o.to === "sub") {
        const [from, to] = o.back ? [users[2]!, users[0]!] : [users[0]!, users[2]!];
        await w.ex.svc.transferBetween(from, to, coin, amount, id, () => undefined);
      } else await w.mg.svc.transfer(ENV, w.mg.svc.ref(user, o.to, SYMBOL), coin, amount, !o.back, id);
      return;
    }
    case "borrow": {
      const ref = w.mg.svc.ref(user, o.mode, SYMBOL);
      const coin = o.btc ? "BTC" : "USDT";
      const max = w.mg.svc.maxBorrowable(ENV, ref, coin);
      const amount = o.share === 1 ? max : (max * 3n) / 10n;
      if (amount > 0n) await w.mg.svc.borrow(ENV, ref, coin, amount);
      return;
    }
    case "repay": {
      const ref = w.mg.svc.ref(user, o.mode, SYMBOL);
      const coin = o.btc ? "BTC" : "USDT";
      const owed = w.mg.svc.owed(ENV, w.mg.svc.key(ref), coin);
      const have = w.ex.svc.engine.balance(ENV, w.mg.svc.key(ref), coin).available;
      const amount = owed < have ? owed : have;
      if (amount > 0n) await w.mg.svc.repay(ENV, ref, coin, amount);
      return;
    }
    case "sltrade":
    case "spot":
    case "margin": {
      const price = at(o.f);
      const body = o.market
        ? {
            symbol: SYMBOL,
            side: o.side,
            orderType: "market",
            // a market buy is sized in USDT, a sell in BTC (Bitget's rule)
            size: o.side === "buy" ? String(o.usdt) : sizeText(lotsFor(o.usdt, R)),
          }
        : {
            symbol: SYMBOL,
            side: o.side,
            orderType: "limit",
            force: o.k === "spot" ? o.force : "gtc",
            price: priceText(price),
            size: sizeText(lotsFor(o.usdt, price)),
          };
      if (o.k === "sltrade") await w.ex.svc.placeOrder(ENV, users.find((x) => w.spotCopy.lead(ENV, x)) ?? user, body);
      else if (o.k === "spot") await w.ex.svc.placeOrder(ENV, user, body);
      else await w.mg.orders.place(ENV, w.mg.svc.ref(user, o.mode, SYMBOL), body, o.loan, "API");
      return;
    }
    case "settings":
      try {
        svc.setPositionMode(ENV, user, o.hedge ? "hedge_mode" : "one_way_mode");
      } finally {
        try {
          svc.setMarginMode(ENV, user, BTC, o.isolated ? "isolated" : "crossed");
        } finally {
          svc.setLeverage(ENV, user, BTC, o.lever);
        }
      }
      return;
    case "futures": {
      const hedge = svc.account(ENV, user).posMode === "hedge_mode";
      const price = at(o.f);
      svc.place(ENV, user, {
        symbol: SYMBOL,
        side: o.side,
        tradeSide: hedge ? (o.close ? "close" : "open") : undefined,
        orderType: o.market ? "market" : "limit",
        force: o.force,
        price,
        size: lotsFor(o.usdt, price),
        clientOid: "",
        reduceOnly: !hedge && o.close,
        source: "API",
      });
      return;
    }
    case "fpair": {
      // `a` rests a limit order and `b` takes it: two colluders open opposite positions
      const price = at(o.f);
      const lots = lotsFor(o.usdt, price);
      const base = { symbol: SYMBOL, price, size: lots, clientOid: "", reduceOnly: false, source: "API" };
      const open = (u: string) => (svc.account(ENV, u).posMode === "hedge_mode" ? ("open" as const) : undefined);
      const a = users[o.a]!;
      const b = users[o.b]!;
      svc.place(ENV, a, { ...base, side: o.side, tradeSide: open(a), orderType: "limit", force: "gtc" });
      svc.place(ENV, b, { ...base, side: o.side === "buy" ? "sell" : "buy", tradeSide: open(b), orderType: "limit", force: "ioc" });
      return;
    }
    case "fmargin":
      svc.changeMargin(ENV, user, BTC, o.long ? "long" : "short", BigInt(o.amount) * U);
      return;
    case "cancel": {
      if (o.market === "futures") {
        const open = svc.ordersOf(ENV, user);
        const t = open[o.i % Math.max(1, open.length)];
        if (t) svc.cancel(ENV, user, { orderId: t.id });
        return;
      }
      const ids =
        o.market === "spot" ? [user] : [w.mg.svc.key(w.mg.svc.ref(user, "crossed")), w.mg.svc.key(w.mg.svc.ref(user, "isolated", SYMBOL))];
      const open = [...w.ex.svc.engine.open.values()].filter((x) => x.env === ENV && ids.includes(x.userId));
      const t = open[o.i % Math.max(1, open.length)];
      if (!t) return;
      if (o.market === "spot") await w.ex.svc.cancelOrder(ENV, user, SYMBOL, { orderId: t.id });
      else {
        const ref = t.userId.endsWith("#crossed") ? w.mg.svc.ref(user, "crossed") : w.mg.svc.ref(user, "isolated", SYMBOL);
        await w.mg.orders.cancel(ENV, ref, SYMBOL, { orderId: t.id });
      }
      return;
    }
    case "modify": {
      const open = svc.ordersOf(ENV, user).filter((x) => x.type === "limit");
      const t = open[o.i % Math.max(1, open.length)];
      if (!t) return;
      const price = at(o.f);
      modifyOrder(
        w.fx,
        ENV,
        user,
        BTC,
        { orderId: t.id },
        {
          newClientOid: `m${++transfers}`,
          price,
          size: o.half ? Math.max(1, Math.floor((t.size - t.filled) / 2)) : t.size - t.filled,
        },
      );
      return;
    }
    case "replace": {
      const open = [...w.ex.svc.engine.open.values()].filter((x) => x.env === ENV && x.userId === user && x.type === "limit");
      const t = open[o.i % Math.max(1, open.length)];
      if (!t) return;
      const left = t.size - t.filled;
      await w.ex.svc.replaceOrder(
        ENV,
        user,
        SYMBOL,
        { orderId: t.id },
        {
          price: priceText(at(o.f)),
          size: sizeText(o.half ? Math.max(1, Math.floor(left / 2)) : left),
        },
      );
      return;
    }
    case "race": {
      // a resting order of `a`, then in the same turn: `a` cancels it and `b` takes it (in either order)
      const a = users[o.a]!;
      const b = users[o.b]!;
      const price = at(o.f);
      const lots = lotsFor(o.usdt, price);
      const rest = await w.ex.svc.placeOrder(ENV, a, {
        symbol: SYMBOL,
        side: o.side,
        orderType: "limit",
        price: priceText(price),
        size: sizeText(lots),
      });
      const take = () =>
        w.ex.svc.placeOrder(ENV, b, {
          symbol: SYMBOL,
          side: o.side === "buy" ? "sell" : "buy",
          orderType: "limit",
          force: "ioc",
          price: priceText(price),
          size: sizeText(lots),
        });
      const cancel = () => w.ex.svc.cancelOrder(ENV, a, SYMBOL, { orderId: rest.id });
      const results = await Promise.allSettled(o.cancelFirst ? [cancel(), take()] : [take(), cancel()]);
      for (const r of results) if (r.status === "rejected" && !(r.reason instanceof Error && "code" in r.reason)) throw r.reason;
      return;
    }
    case "nudge": {
      // a tiny trade between two colluders at a price of their choosing: the thin book's last price
      const a = users[o.a]!;
      const b = users[o.b]!;
      const price = at(o.f);
      if (o.futures) {
        const lots = lotsFor(6, price);
        const base = { symbol: SYMBOL, force: "gtc" as const, price, size: lots, clientOid: "", reduceOnly: false, source: "API" };
        const ta = svc.account(ENV, a).posMode === "hedge_mode" ? "open" : undefined;
        const tb = svc.account(ENV, b).posMode === "hedge_mode" ? "open" : undefined;
        svc.place(ENV, a, { ...base, side: "sell", tradeSide: ta, orderType: "limit" });
        svc.place(ENV, b, { ...base, side: "buy", tradeSide: tb, orderType: "limit" });
      } else {
        const body = { symbol: SYMBOL, orderType: "limit", price: priceText(price), size: sizeText(INST.minLots) };
        await w.ex.svc.placeOrder(ENV, a, { ...body, side: "sell" });
        await w.ex.svc.placeOrder(ENV, b, { ...body, side: "buy" });
      }
      return;
    }
    case "plan": {
      const trigger = at(o.f);
      if (o.futures) {
        const hedge = svc.account(ENV, user).posMode === "hedge_mode";
        w.fx.plans.place(ENV, user, {
          ...(o.trail > 0 ? { planType: "track_plan" as const, callbackPpm: o.trail } : {}),
          symbol: SYMBOL,
          side: o.side,
          tradeSide: hedge ? (o.close ? "close" : "open") : undefined,
          reduceOnly: !hedge && o.close,
          orderType: "market",
          executePrice: 0,
          size: lotsFor(o.usdt, R),
          triggerPrice: trigger,
          triggerType: (o.mark ? "mark_price" : "fill_price") as FxTriggerType,
          clientOid: "",
          presetTp: 0,
          presetSl: 0,
          source: "API",
        });
      } else
        await w.ex.plans.place(
          ENV,
          user,
          {
            symbol: SYMBOL,
            side: o.side,
            triggerPrice: priceText(trigger),
            orderType: "market",
            size: o.side === "buy" ? String(o.usdt) : sizeText(lotsFor(o.usdt, R)),
            triggerType: "fill_price",
          },
          "API",
        );
      return;
    }
    case "tpsl":
      w.fx.plans.placeTpsl(ENV, user, [
        {
          symbol: SYMBOL,
          planType: o.trail > 0 ? "moving_plan" : o.profit ? "pos_profit" : "pos_loss",
          callbackPpm: o.trail > 0 ? o.trail : undefined,
          holdSide: o.long ? "long" : "short",
          triggerPrice: at(o.f),
          triggerType: (o.mark ? "mark_price" : "fill_price") as FxTriggerType,
          executePrice: 0,
          // a trailing stop names its size (the whole position here)
          size: o.trail > 0 ? (svc.position(ENV, user, SYMBOL, o.long ? "long" : "short")?.size ?? 0) : 0,
          clientOid: "",
          source: "API",
        },
      ]);
      return;
    case "lead":
      w.copy.apply(ENV, user, o.share);
      return;
    case "follow":
      // mostly the run's lead, when it has one; else whom the draw names
      w.copy.follow(
        ENV,
        user,
        (o.any ? undefined : users.find((x) => w.copy.lead(ENV, x))) ?? users[o.v]!,
        [
          {
            symbol: SYMBOL,
            traceType: o.amount > 0 ? "amount" : "percent",
            ratioPpm: o.ratio * 10_000,
            amount: BigInt(o.amount) * U,
            maxPerOrder: BigInt(o.cap) * U,
          },
        ],
        BigInt(o.loss) * U,
      );
      return;
    case "unfollow":
      w.copy.unfollow(ENV, user, users[o.v]!, o.close);
      return;
    case "copyClose":
      if (o.lead) w.copy.leadClose(ENV, user, {});
      else w.copy.followerClose(ENV, user, {});
      return;
    case "slead":
      w.spotCopy.apply(ENV, user, o.share);
      return;
    case "sfollow":
      w.spotCopy.follow(ENV, user, users.find((x) => w.spotCopy.lead(ENV, x)) ?? users[o.v]!, [
        {
          symbol: SYMBOL,
          traceType: o.amount > 0 ? "amount" : "percent",
          ratioPpm: o.ratio,
          amount: BigInt(o.amount) * U,
          maxPerOrder: 0n,
          ...(o.tp > 0 ? { tpPct: o.tp } : {}),
          ...(o.sl > 0 ? { slPct: o.sl } : {}),
        },
      ]);
      return;
    case "sunfollow":
      if (o.how === "unfollow") w.spotCopy.unfollow(ENV, user, users[o.v]!);
      else if (o.how === "stop")
        w.spotCopy.stopCopies(
          ENV,
          user,
          w.spotCopy.openCopies(ENV, user).map((t) => t.id),
        );
      else if (o.how === "sell")
        await w.spotCopy.followerSell(
          ENV,
          user,
          SYMBOL,
          w.spotCopy.openCopies(ENV, user).map((t) => t.id),
        );
      else
        await w.spotCopy.leadSell(
          ENV,
          user,
          SYMBOL,
          w.spotCopy.openLeadTracks(ENV, user).map((t) => t.id),
        );
      return;
    case "move":
      await w.honestMove(R * (1 + o.bp / 10_000));
      return;
    case "clock":
      for (let i = 0; i < o.n; i++) await w.clock();
      return;
    case "funding":
      svc.settleFunding(ENV, BTC, o.rate, w.fx.market.price(ENV, SYMBOL).mark, Date.now());
      return;
    case "hours":
      w.hours += o.n;
      await w.mg.svc.accrue(Date.now() + w.hours * 3_600_000, o.n + 1);
      return;
  }
}

type Check = "conservation" | "bound" | "solvency";
/** THIEF_CHECK_ALL=1: every property checks all three invariants after every step; THIEF_CHECKS=a,b picks some. */
const EXTRA = new Set(
  process.env.THIEF_CHECK_ALL === "1" ? ["conservation", "bound", "solvency"] : (process.env.THIEF_CHECKS ?? "").split(","),
);

/**
 * Every run starts with money everywhere (all of it counted deposits): spot, futures and both margin accounts of each colluder;
 * in every other run `a` starts as a futures lead that `b` follows one for one, in the others `b` a spot lead that `a` follows,
 * so that copies happen in most sequences.
 */
async function prelude(w: MoneyWorld, users: string[], lead: boolean): Promise<void> {
  for (const u of users) {
    queueDeposit(w.db, { env: ENV, userId: u, coin: "USDT", amount: 60_000n * U });
    queueDeposit(w.db, { env: ENV, userId: u, coin: "BTC", amount: U / 2n });
  }
  await w.ex.svc.applyDeposits();
  for (const u of users) {
    w.fx.opening.open(u, FUTURES_AGREEMENT_VERSION, QUIZ_ANSWERS);
    w.fx.svc.transfer(ENV, u, true, 20_000n * U, `p${++transfers}`);
    await w.mg.svc.transfer(ENV, w.mg.svc.ref(u, "crossed"), "USDT", 10_000n * U, true, `p${++transfers}`);
    await w.mg.svc.transfer(ENV, w.mg.svc.ref(u, "isolated", SYMBOL), "USDT", 10_000n * U, true, `p${++transfers}`);
  }
  if (!lead) {
    // the other runs copy spot: `b` leads and `a` follows it one for one
    w.spotCopy.apply(ENV, users[1]!, 100_000);
    w.spotCopy.follow(ENV, users[0]!, users[1]!, [
      { symbol: SYMBOL, traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n },
    ]);
  }
  if (lead) {
    w.copy.apply(ENV, users[0]!, 100_000);
    w.copy.follow(
      ENV,
      users[1]!,
      users[0]!,
      [{ symbol: SYMBOL, traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n }],
      0n,
    );
  }
  await w.settle();
}

/** What the steps did (THIEF_VERBOSE=1 prints it): per kind, how many went through and each refusal code. */
const stats = new Map<string, Map<string, number>>();
function tally(kind: string, outcome: string): void {
  const m = stats.get(kind) ?? new Map<string, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  stats.set(kind, m);
}

/** A numbered run: fresh colluders, R back at its start, the ops one by one with the chosen invariant after each. */
let runNo = 0;
async function runSequence(w: MoneyWorld, ops: Op[], check: Check): Promise<void> {
  const n = ++runNo;
  if (process.env.THIEF_PROGRESS && n % 500 === 0) console.info(`sequence ${n} at ${new Date().toISOString()}`);
  const users = [`t${n}a`, `t${n}b`, `t${n}c`];
  await w.newRun(users);
  await prelude(w, users, n % 2 === 1);
  for (const [i, o] of ops.entries()) {
    try {
      await step(w, users, o);
      tally(o.k, "ok");
    } catch (err) {
      // a refusal (a coded error) is a fine answer; anything else is a bug
      if (!(err instanceof Error && "code" in err)) throw err;
      tally(o.k, String((err as { code: unknown }).code));
      if (process.env.THIEF_REPLAY) console.info(`step ${i} ${o.k} refused: ${String(err)}`);
    }
    await w.settle();
    expect(w.errors, `background errors after step ${i}`).toEqual([]);
    if (EXTRA.has("conservation") || check === "conservation") expect(w.conservation(), `after step ${i} (${o.k})`).toEqual([]);
    if (EXTRA.has("bound") || check === "bound") {
      const { held, explained } = w.bound();
      if (process.env.THIEF_REPLAY || Number(process.env.THIEF_TRACE_RUN) === n)
        console.info(
          `step ${i} ${o.k}: held − explained = ${held - explained}`,
          w.books,
          [...w.units()].filter(([, v]) => v !== 0n),
        );
      // held − explained is what the colluders took from the house, in USDT ledger units × 100
      expect(held <= explained, `after step ${i} (${o.k}): the colluders hold ${held - explained} more than explained`).toBe(true);
    }
    // funding moves isolated margin between mark updates: the next mark update settles what it left
    if ((EXTRA.has("solvency") || check === "solvency") && o.k !== "funding") expect(w.insolvent(), `after step ${i} (${o.k})`).toEqual([]);
  }
}

/** Each property has a world of its own, so one property's house state (a fund that went negative) never masks another's finding. */
const worlds: MoneyWorld[] = [];
async function freshWorld(): Promise<MoneyWorld> {
  const w = await MoneyWorld.open();
  worlds.push(w);
  return w;
}
/**
 * A property's world, replaced by a fresh one every THIEF_WORLD_RUNS sequences (default 500): the
 * checks walk every ledger, which grows with every run's colluders, and a long run must not slow
 * down without bound. The house state carries over within a world.
 */
const WORLD_RUNS = Number(process.env.THIEF_WORLD_RUNS ?? 500);
class Renewing {
  private w: MoneyWorld | undefined;
  private used = 0;
  async get(): Promise<MoneyWorld> {
    if (!this.w || this.used >= WORLD_RUNS) {
      if (this.w) {
        worlds.splice(worlds.indexOf(this.w), 1);
        this.w.close();
      }
      this.w = await freshWorld();
      this.used = 0;
    }
    this.used++;
    return this.w;
  }
}

afterAll(() => {
  if (process.env.THIEF_VERBOSE) {
    for (const [k, m] of stats) console.info(k, Object.fromEntries(m));
    // the copies the engines placed or refused (by code), over every world still open
    for (const w of worlds) {
      console.info(
        "copies",
        w.db.prepare("SELECT action, status, code, count(*) AS n FROM copy_records GROUP BY action, status, code").all(),
      );
      console.info(
        "spot copies",
        w.db.prepare("SELECT side, status, code, count(*) AS n FROM copy_spot_records GROUP BY side, status, code").all(),
        w.db.prepare("SELECT role, status, count(*) AS n FROM copy_spot_tracks GROUP BY role, status").all(),
        w.db.prepare("SELECT status, count(*) AS n FROM copy_spot_follows GROUP BY status").all(),
      );
    }
  }
  for (const w of worlds.splice(0)) w.close();
  MoneyWorld.removeDirs();
});

/**
 * The reviews' attacks as sequences the properties run first (fast-check's examples), so each
 * property starts from the shapes that moved money before and explores around them.
 */
const ATTACKS: Op[][] = [
  // case 4: a 75x isolated long against a colluder, whose reduce-only bid rests 5.4 % under; the mark falls 1.1 %
  [
    { k: "settings", u: 0, lever: 75, isolated: true, hedge: false },
    { k: "settings", u: 1, lever: 75, isolated: true, hedge: false },
    { k: "fpair", a: 1, b: 0, side: "sell", f: 1, usdt: 60_000 },
    { k: "futures", u: 1, side: "buy", market: false, force: "gtc", close: true, f: 0.946, usdt: 6_000 },
    { k: "move", bp: -110 },
  ],
  // case 1: a sell far above the market, then an isolated-margin market buy of everything borrowed
  [
    { k: "spot", u: 1, side: "sell", market: false, force: "gtc", f: 4000, usdt: 250_000 },
    { k: "spot", u: 1, side: "sell", market: false, force: "gtc", f: 5, usdt: 60_000 },
    { k: "borrow", u: 0, mode: "isolated", btc: false, share: 1 },
    { k: "margin", u: 0, mode: "isolated", loan: "normal", side: "buy", market: true, f: 1, usdt: 60_000 },
    { k: "move", bp: -100 },
  ],
  // seed 344: an isolated short's own market sell moves the last trade under R, the price rises, and its close-out settles on the way
  [
    { k: "margin", u: 0, mode: "isolated", loan: "autoLoan", side: "sell", market: true, f: 0.0003, usdt: 60_000 },
    { k: "borrow", u: 0, mode: "isolated", btc: false, share: 1 },
    { k: "move", bp: 4000 },
  ],
  // case 5: a reduce-only sell outlives its long and opens a short when a colluder buys through it
  [
    { k: "fpair", a: 1, b: 0, side: "sell", f: 1, usdt: 6_000 },
    { k: "futures", u: 0, side: "sell", market: false, force: "gtc", close: true, f: 1.01, usdt: 6_000 },
    { k: "fpair", a: 1, b: 0, side: "buy", f: 1, usdt: 6_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 10_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 1_000 },
    { k: "transfer", u: 0, to: "futures", back: true, btc: false, amount: 50 },
    { k: "futures", u: 1, side: "buy", market: false, force: "ioc", close: false, f: 1.01, usdt: 6_000 },
    { k: "move", bp: 4000 },
  ],
];

const params = (): fc.Parameters<[Op[]]> => ({
  numRuns: RUNS,
  examples: ATTACKS.map((a) => [a]),
  seed: SEED,
});

/** THIEF_REPLAY='<JSON of a counterexample's ops>' replays one sequence on a fresh world, checking both invariants. */
describe.runIf(process.env.THIEF_REPLAY)("replay", () => {
  it(
    "replays THIEF_REPLAY on a fresh world",
    async () => {
      const ops = JSON.parse(process.env.THIEF_REPLAY ?? "[]") as Op[];
      const which = (process.env.THIEF_REPLAY_CHECK ?? "bound") as Check;
      await runSequence(await freshWorld(), ops, which);
    },
    LIMIT_MS,
  );
});

describe("the invariants can fail", () => {
  it("the bound notices value the house hands a colluder, and conservation notices a coin made from nothing", async () => {
    const world = await freshWorld();
    await world.newRun(["tzza", "tzzb", "tzzc"]);
    await prelude(world, ["tzza", "tzzb", "tzzc"], false);
    const before = world.bound();
    expect(before.held <= before.explained).toBe(true);
    // the margin fund pays a colluder 1 USDT for nothing: a transfer inside the ledger, so conserved, but a theft
    const eng = world.ex.svc.engine;
    const ch = newChange();
    eng.transfer(ENV, MARGIN_FUND, "tzzb", "USDT", U, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch);
    await world.ex.svc.store.commit(ch);
    expect(world.conservation()).toEqual([]);
    const after = world.bound();
    expect(after.held - after.explained).toBe(before.held - before.explained + U * 100n);
    expect(after.held > after.explained).toBe(true);
    // a coin made from nothing breaks conservation
    eng.balance(ENV, "tzzb", "USDT").available += 1n;
    expect(world.conservation()).toEqual(["spot ledger live:USDT sums to 1, not 0"]);
    eng.balance(ENV, "tzzb", "USDT").available -= 1n;
    // give it back, so the properties below start from a house that lost nothing
    const back = newChange();
    eng.transfer(ENV, "tzzb", MARGIN_FUND, "USDT", U, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", back);
    await world.ex.svc.store.commit(back);
  });
});

describe("money safety against colluding accounts", () => {
  const properties: Array<[string, Check]> = [
    ["(a) conserves every coin over every ledger after every step", "conservation"],
    ["(c) leaves no margined holding below maintenance or the liquidation level after a step, and opens none", "solvency"],
    ["(b) lets the colluders end with no more than they put in plus what honest moves explain", "bound"],
  ];
  for (const [name, check] of properties)
    it(
      name,
      async () => {
        const world = new Renewing();
        await fc.assert(
          fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: STEPS, size: "max" }), async (ops) =>
            runSequence(await world.get(), ops, check),
          ),
          params(),
        );
      },
      LIMIT_MS,
    );
});
