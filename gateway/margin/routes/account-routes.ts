/**
 * Margin account endpoints, crossed and isolated (docs/decisions/320): assets, borrow, repay, risk
 * rate, the maximum borrowable and transferable, interest rates and tiers; and the public list of
 * margin pairs.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { V2 } from "../../../protocol/bitget.ts";
import { CROSSED_LEVERAGE, ISOLATED_LEVERAGE, LOAN_TYPES } from "../../../protocol/margin.ts";
import { ok } from "../../envelope.ts";
import { formatScaled } from "../../exchange/decimal.ts";
import { decimal, enumValue, optional, parseFields, text } from "../../exchange/fields.ts";
import { units } from "../../exchange/format.ts";
import { INSTRUMENTS, LEDGER_SCALE } from "../../exchange/instruments.ts";
import { tradeRules } from "../../exchange/routes/public-routes.ts";
import { qString, type Query } from "../../exchange/routes/query.ts";
import { annual, assetJson, rate, risk } from "../format.ts";
import type { Margin } from "../margin.ts";
import { borrowLimit, leverageOf, MAINTAIN_MARGIN_RATE } from "../tiers.ts";
import { riskPreview } from "../preview.ts";
import { amountOf, coinOf, marginSpotBody, type ModeContext } from "./fields.ts";
import type { MarginAccountRef } from "../accounts.ts";
import type { Env } from "../../exchange/engine/types.ts";

const BorrowSchema = z.object({
  symbol: optional(text(32)),
  coin: optional(text(16)),
  borrowAmount: optional(decimal),
  clientOid: optional(text(64)),
});
const PREVIEW_ACTIONS = ["order", "borrow"] as const;
const RepaySchema = z.object({ symbol: optional(text(32)), coin: optional(text(16)), repayAmount: optional(decimal) });
/** Bitget's list of margin pairs (public), with this gateway's levels and leverage. */
export function marginCurrencyRoute(app: FastifyInstance, margin: Margin): void {
  app.get(V2.marginCurrencies, async () => {
    const { warningRatio, liquidationRatio } = margin.svc.config;
    const pairs = new Set(margin.svc.marginPairs().map((i) => i.symbol));
    return ok(
      INSTRUMENTS.map((inst) => {
        const borrowable = pairs.has(inst.symbol);
        return {
          symbol: inst.symbol,
          baseCoin: inst.baseCoin,
          quoteCoin: inst.quoteCoin,
          maxCrossedLeverage: borrowable ? String(CROSSED_LEVERAGE) : "0",
          maxIsolatedLeverage: borrowable ? String(ISOLATED_LEVERAGE) : "0",
          warningRiskRatio: risk(warningRatio),
          liquidationRiskRatio: risk(liquidationRatio),
          ...tradeRules(inst),
          minTradeUSDT: formatScaled(inst.minNotional, LEDGER_SCALE, 0),
          isBorrowable: borrowable,
          userMinBorrow: "0",
          status: "1",
          isIsolatedBaseBorrowable: borrowable,
          isIsolatedQuoteBorrowable: borrowable,
          isCrossBorrowable: borrowable,
        };
      }),
    );
  });
}

export function accountRoutes(ctx: ModeContext): void {
  const { route, m, mode, isolated, refOf, qsym, pairRef, P } = ctx;
  const svc = m.svc;
  route("GET", P.assets, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const coin = coinOf(qString(q, "coin", false, 16), false);
    const sym = qsym(req, false);
    const refs = isolated ? (sym ? [refOf(p, sym)] : svc.isolatedRefs(env, p.userId)) : [refOf(p, undefined)];
    const out = refs.flatMap((ref) =>
      svc
        .state(env, ref)
        .coins.filter((c) => (coin ? c.coin === coin : c.available + c.frozen + c.principal + c.interest > 0n || c.coin === "USDT"))
        .map((c) => assetJson(c, isolated ? ref.symbol : undefined)),
    );
    return ok(out);
  });

  route("POST", P.borrow, 10, true, async (req, p, env) => {
    const b = parseFields(BorrowSchema, req.body);
    const ref = refOf(p, b.symbol);
    const coin = coinOf(b.coin) as string;
    const amount = amountOf(b.borrowAmount, "borrowAmount");
    const { loanId } = await svc.borrow(env, ref, coin, amount);
    return ok({ loanId, ...(isolated ? { symbol: ref.symbol } : {}), coin, borrowAmount: units(amount) });
  });

  route("POST", P.repay, 10, true, async (req, p, env) => {
    const b = parseFields(RepaySchema, req.body);
    const ref = refOf(p, b.symbol);
    const coin = coinOf(b.coin) as string;
    const r = await svc.repay(env, ref, coin, amountOf(b.repayAmount, "repayAmount"));
    return ok({
      ...(isolated ? { symbol: ref.symbol } : {}),
      coin,
      repayId: r.repayId,
      remainDebtAmount: units(r.remainDebtAmount),
      repayAmount: units(r.repayAmount),
    });
  });

  route("GET", P.riskRate, 10, false, async (req, p, env) => {
    if (!isolated) return ok({ riskRateRatio: risk(svc.state(env, refOf(p, undefined)).risk) });
    const sym = qsym(req, false);
    const refs = sym ? [refOf(p, sym)] : svc.isolatedRefs(env, p.userId);
    return ok(refs.map((ref) => ({ symbol: ref.symbol, riskRateRatio: risk(svc.state(env, ref).risk) })));
  });

  /**
   * Not Bitget's (docs/decisions/340): the risk rate an order (`action=order`, place-order's fields
   * as query parameters) or a borrow (`action=borrow`, `coin`, `borrowAmount`) would leave, and
   * whether place-order or borrow would accept it now. The margin screen shows it before it sends.
   */
  route("GET", P.riskPreview, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const action = enumValue(PREVIEW_ACTIONS, qString(q, "action", true, 16), "action");
    if (action === "borrow") {
      const ref = refOf(p, qsym(req));
      const coin = coinOf(qString(q, "coin", true, 16)) as string;
      const amount = amountOf(qString(q, "borrowAmount", false, 40), "borrowAmount");
      return ok(riskPreview(m, env, ref, { kind: "borrow", coin, amount }));
    }
    const symbol = (qString(q, "symbol", true, 32) as string).toUpperCase();
    const ref = pairRef(p, symbol);
    const fields: Record<string, unknown> = {};
    for (const k of ["side", "orderType", "price", "baseSize", "quoteSize", "force", "stpMode"]) fields[k] = qString(q, k, false, 40);
    const body = marginSpotBody(symbol, fields);
    const loanType = enumValue(LOAN_TYPES, qString(q, "loanType", false, 24), "loanType", "normal");
    return ok(riskPreview(m, env, ref, { kind: "order", body, loanType }));
  });

  /** One coin's maximum as Bitget spells it: the coin, then its amount as a decimal string. */
  type CoinMax = [coin: string, amount: string];
  /**
   * A maximum per coin: a crossed account's of the `coin` asked (`{ coin, [field] }`), an isolated
   * pair's of both its coins, whose fields and their order `pair` writes (they differ per path).
   */
  const maxRoute = (
    path: string,
    field: string,
    amount: (env: Env, ref: MarginAccountRef, coin: string) => bigint,
    pair: (symbol: string, base: CoinMax, quote: CoinMax) => object,
  ) =>
    route("GET", path, 10, false, async (req, p, env) => {
      if (!isolated) {
        const coin = coinOf(qString(req.query as Query, "coin", true, 16)) as string;
        return ok({ coin, [field]: units(amount(env, refOf(p, undefined), coin)) });
      }
      const ref = refOf(p, qsym(req));
      const [base, quote] = svc.coinsOf(ref) as [string, string];
      return ok(pair(ref.symbol, [base, units(amount(env, ref, base))], [quote, units(amount(env, ref, quote))]));
    });
  maxRoute(
    P.maxBorrowable,
    "maxBorrowableAmount",
    (env, ref, coin) => svc.maxBorrowable(env, ref, coin),
    (symbol, [baseCoin, b], [quoteCoin, q]) => ({ symbol, baseCoin, baseCoinMaxBorrowAmount: b, quoteCoin, quoteCoinMaxBorrowAmount: q }),
  );
  maxRoute(
    P.maxTransferOut,
    "maxTransferOutAmount",
    (env, ref, coin) => svc.maxTransferOut(env, ref, coin),
    (symbol, [baseCoin, b], [quoteCoin, q]) => ({
      baseCoin,
      symbol,
      baseCoinMaxTransferOutAmount: b,
      quoteCoin,
      quoteCoinMaxTransferOutAmount: q,
    }),
  );

  const vipList = (coin: string) => {
    const r = svc.config.dailyRates.get(coin) ?? 0n;
    return [{ level: "0", limit: units(borrowLimit(coin)), dailyInterestRate: rate(r), annualInterestRate: annual(r), discountRate: "1" }];
  };

  route("GET", P.interestRateAndLimit, 10, false, async (req, p) => {
    if (!isolated) {
      const coin = coinOf(qString(req.query as Query, "coin", true, 16)) as string;
      const r = svc.config.dailyRates.get(coin) ?? 0n;
      return ok([
        {
          transferable: true,
          leverage: String(leverageOf(mode)),
          coin,
          borrowable: svc.borrowable(coin),
          dailyInterestRate: rate(r),
          annualInterestRate: annual(r),
          maxBorrowableAmount: units(svc.borrowable(coin) ? borrowLimit(coin) : 0n),
          vipList: vipList(coin),
        },
      ]);
    }
    const ref = refOf(p, qsym(req));
    const [base, quote] = svc.coinsOf(ref) as [string, string];
    const side = (coin: string) => {
      const r = svc.config.dailyRates.get(coin) ?? 0n;
      return { dailyInterestRate: rate(r), annuallyInterestRate: annual(r), maxBorrowableAmount: units(borrowLimit(coin)) };
    };
    const b = side(base);
    const q = side(quote);
    return ok([
      {
        symbol: ref.symbol,
        leverage: String(leverageOf(mode)),
        baseCoin: base,
        baseTransferable: true,
        baseBorrowable: true,
        baseDailyInterestRate: b.dailyInterestRate,
        baseAnnuallyInterestRate: b.annuallyInterestRate,
        baseMaxBorrowableAmount: b.maxBorrowableAmount,
        baseVipList: vipList(base),
        quoteCoin: quote,
        quoteTransferable: true,
        quoteBorrowable: true,
        quoteDailyInterestRate: q.dailyInterestRate,
        quoteAnnuallyInterestRate: q.annuallyInterestRate,
        quoteMaxBorrowableAmount: q.maxBorrowableAmount,
        quoteList: vipList(quote),
      },
    ]);
  });

  route("GET", P.tierData, 10, false, async (req, p) => {
    const lev = String(leverageOf(mode));
    if (!isolated) {
      const coin = coinOf(qString(req.query as Query, "coin", true, 16)) as string;
      return ok([
        { tier: "1", leverage: lev, coin, maxBorrowableAmount: units(borrowLimit(coin)), maintainMarginRate: MAINTAIN_MARGIN_RATE },
      ]);
    }
    const ref = refOf(p, qsym(req));
    const [base, quote] = svc.coinsOf(ref) as [string, string];
    return ok([
      {
        tier: "1",
        symbol: ref.symbol,
        leverage: lev,
        baseCoin: base,
        quoteCoin: quote,
        baseMaxBorrowableAmount: units(borrowLimit(base)),
        quoteMaxBorrowableAmount: units(borrowLimit(quote)),
        maintainMarginRate: MAINTAIN_MARGIN_RATE,
        initRate: (1 / Number(leverageOf(mode))).toFixed(4),
      },
    ]);
  });
}
