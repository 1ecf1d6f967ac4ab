/**
 * Bitget v2 margin endpoints, crossed and isolated (docs/decisions/320): HTTP in, the margin
 * service, Bitget's envelope out. The two modes share every route; the isolated ones name their
 * pair with `symbol`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ORDER_TYPES, SIDES, V2 } from "../../protocol/bitget.ts";
import {
  CROSSED_LEVERAGE,
  ISOLATED_LEVERAGE,
  LOAN_TYPES,
  MARGIN_CODES,
  MARGIN_CROSSED,
  MARGIN_ISOLATED,
  MARGIN_RECORD_TYPES,
  type MarginAccountMode,
  type MarginPaths,
} from "../../protocol/margin.ts";
import { GatewayError, ok } from "../envelope.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { canonical, decimal, enumValue, isAbsent, optional, parseFields, requireOrderRef, text } from "../exchange/fields.ts";
import { lots, price, units } from "../exchange/format.ts";
import { COINS, INSTRUMENTS, instrument, LEDGER_SCALE } from "../exchange/instruments.ts";
import type { PlaceOrderBody } from "../exchange/order-request.ts";
import { privateRoute, sourceOf, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { tradeRules } from "../exchange/routes/public-routes.ts";
import { qInt, qString, queryEnumOf, type Query } from "../exchange/routes/query.ts";
import type { Principal } from "../request.ts";
import type { MarginAccountRef } from "./accounts.ts";
import {
  annual,
  assetJson,
  borrowJson,
  financialJson,
  interestJson,
  liquidationJson,
  marginOrderJson,
  rate,
  repayJson,
  risk,
} from "./format.ts";
import type { Margin } from "./margin.ts";
import { borrowLimit, leverageOf, MAINTAIN_MARGIN_RATE } from "./tiers.ts";

export interface MarginRouteDeps extends ExchangeRouteDeps {
  margin: Margin;
}

/** The most an amount may be (10^9 coins), so a huge number is refused before any arithmetic. */
const MAX_AMOUNT = 10n ** 17n;

const BorrowSchema = z.object({
  symbol: optional(text(32)),
  coin: optional(text(16)),
  borrowAmount: optional(decimal),
  clientOid: optional(text(64)),
});
const RepaySchema = z.object({ symbol: optional(text(32)), coin: optional(text(16)), repayAmount: optional(decimal) });
const OrderFields = {
  orderType: text(16),
  price: optional(decimal),
  loanType: text(24),
  force: optional(text(16)),
  baseSize: optional(decimal),
  quoteSize: optional(decimal),
  clientOid: optional(text(64)),
  side: text(16),
  stpMode: optional(text(16)),
};
const PlaceSchema = z.object({ symbol: text(32), ...OrderFields });
const BatchSchema = z.object({ symbol: text(32), orderList: z.array(z.object(OrderFields).passthrough()).min(1).max(50) });
const CancelSchema = z.object({ symbol: text(32), orderId: optional(text(32)), clientOid: optional(text(64)) });
const BatchCancelSchema = z.object({
  symbol: text(32),
  orderIdList: z
    .array(z.object({ orderId: optional(text(32)), clientOid: optional(text(64)) }))
    .min(1)
    .max(50),
});

/** A positive amount with at most 8 decimals: 40019 when it is not sent, 40017 when it is wrong. */
export function amountOf(text: string | undefined, name: string): bigint {
  if (isAbsent(text)) throw new GatewayError(MARGIN_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  const v = parseScaled(text, LEDGER_SCALE);
  if (v === undefined || v <= 0n || v > MAX_AMOUNT)
    throw new GatewayError(MARGIN_CODES.paramInvalid, `Parameter ${name} must be a positive decimal with at most ${LEDGER_SCALE} decimals`);
  return v;
}

export function coinOf(v: string | undefined, required = true): string | undefined {
  if (isAbsent(v)) {
    if (required) throw new GatewayError(MARGIN_CODES.paramEmpty, "Parameter coin cannot be empty");
    return undefined;
  }
  const coin = v.toUpperCase();
  if (!COINS.includes(coin)) throw new GatewayError(MARGIN_CODES.paramNotExist, `Parameter coin ${v.slice(0, 16)} does not exist`);
  return coin;
}

export function marginRoutes(app: FastifyInstance, deps: MarginRouteDeps): void {
  // public: Bitget's list of margin pairs, with this gateway's levels and leverage
  app.get(V2.marginCurrencies, async () => {
    const { warningRatio, liquidationRatio } = deps.margin.svc.config;
    const pairs = new Set(deps.margin.svc.marginPairs().map((i) => i.symbol));
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
  modeRoutes(app, deps, "crossed", MARGIN_CROSSED);
  modeRoutes(app, deps, "isolated", MARGIN_ISOLATED);
}

function modeRoutes(app: FastifyInstance, deps: MarginRouteDeps, mode: MarginAccountMode, P: MarginPaths): void {
  const route = privateRoute(app, deps);
  const m = deps.margin;
  const svc = m.svc;
  const isolated = mode === "isolated";
  /** The account a request names (isolated: by `symbol`). */
  const refOf = (p: Principal, symbol: string | undefined): MarginAccountRef => svc.ref(p.userId, mode, symbol);
  const qsym = (req: FastifyRequest, required = isolated) => qString(req.query as Query, "symbol", required, 32);

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

  route("GET", P.maxBorrowable, 10, false, async (req, p, env) => {
    if (!isolated) {
      const coin = coinOf(qString(req.query as Query, "coin", true, 16)) as string;
      return ok({ coin, maxBorrowableAmount: units(svc.maxBorrowable(env, refOf(p, undefined), coin)) });
    }
    const ref = refOf(p, qsym(req));
    const [base, quote] = svc.coinsOf(ref) as [string, string];
    return ok({
      symbol: ref.symbol,
      baseCoin: base,
      baseCoinMaxBorrowAmount: units(svc.maxBorrowable(env, ref, base)),
      quoteCoin: quote,
      quoteCoinMaxBorrowAmount: units(svc.maxBorrowable(env, ref, quote)),
    });
  });

  route("GET", P.maxTransferOut, 10, false, async (req, p, env) => {
    if (!isolated) {
      const coin = coinOf(qString(req.query as Query, "coin", true, 16)) as string;
      return ok({ coin, maxTransferOutAmount: units(svc.maxTransferOut(env, refOf(p, undefined), coin)) });
    }
    const ref = refOf(p, qsym(req));
    const [base, quote] = svc.coinsOf(ref) as [string, string];
    return ok({
      baseCoin: base,
      symbol: ref.symbol,
      baseCoinMaxTransferOutAmount: units(svc.maxTransferOut(env, ref, base)),
      quoteCoin: quote,
      quoteCoinMaxTransferOutAmount: units(svc.maxTransferOut(env, ref, quote)),
    });
  });

  const vipList = (coin: string) => {
    const r = svc.config.dailyRates.get(coin) ?? 0n;
    return [{ level: "0", limit: units(borrowLimit(coin)), dailyInterestRate: rate(r), annualInterestRate: annual(r), discountRate: "1" }];
  };

  route("GET", P.interestRateAndLimit, 10, false, async (req, p, env) => {
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
    void env;
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

  // ---- orders --------------------------------------------------------------------------------

  /** A margin order body as a spot one: baseSize, or quoteSize for a market buy. */
  const spotBody = (symbol: string, o: z.infer<typeof PlaceSchema> | Record<string, unknown>): PlaceOrderBody => {
    const side = enumValue(SIDES, o.side, "side");
    const type = enumValue(ORDER_TYPES, o.orderType, "orderType");
    const quote = type === "market" && side === "buy";
    const size = quote ? o.quoteSize : o.baseSize;
    if (isAbsent(size)) throw new EngineError(MARGIN_CODES.paramEmpty, `Parameter ${quote ? "quoteSize" : "baseSize"} cannot be empty`);
    return {
      symbol,
      side,
      orderType: type,
      force: (o.force as string | undefined) ?? undefined,
      price: isAbsent(o.price) ? undefined : String(o.price),
      size: String(size),
      clientOid: isAbsent(o.clientOid) ? undefined : String(o.clientOid),
      stpMode: isAbsent(o.stpMode) ? undefined : String(o.stpMode),
    };
  };
  const loanTypeOf = (v: unknown) => enumValue(LOAN_TYPES, v, "loanType");
  const pairRef = (p: Principal, symbol: string) => {
    const inst = instrument(symbol.toUpperCase());
    if (!inst) throw new GatewayError(MARGIN_CODES.paramNotExist, `Parameter ${symbol.slice(0, 32)} does not exist`);
    return refOf(p, inst.symbol);
  };

  route("POST", P.placeOrder, 10, true, async (req, p, env) => {
    const b = parseFields(PlaceSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const loanType = loanTypeOf(b.loanType);
    const o = await m.orders.place(env, ref, spotBody(b.symbol.toUpperCase(), b), loanType, sourceOf(p));
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", P.batchPlaceOrder, 5, true, async (req, p, env) => {
    const b = parseFields(BatchSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ clientOid: string; errorMsg: string; errorCode: string }> = [];
    for (const item of b.orderList) {
      try {
        const o = await m.orders.place(
          env,
          ref,
          spotBody(ref.symbol || b.symbol.toUpperCase(), item),
          loanTypeOf(item.loanType),
          sourceOf(p),
        );
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ clientOid: isAbsent(item.clientOid) ? "" : String(item.clientOid), errorMsg: err.message, errorCode: err.code });
      }
    }
    return ok({ successList, failureList });
  });

  route("POST", P.cancelOrder, 10, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    requireOrderRef(b);
    const ref = pairRef(p, b.symbol);
    const o = await m.orders.cancel(env, ref, ref.symbol || b.symbol.toUpperCase(), { orderId: b.orderId, clientOid: b.clientOid });
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", P.batchCancelOrder, 5, true, async (req, p, env) => {
    const b = parseFields(BatchCancelSchema, req.body);
    const ref = pairRef(p, b.symbol);
    const symbol = instrument(b.symbol.toUpperCase())!.symbol;
    const successList: Array<{ orderId: string; clientOid: string }> = [];
    const failureList: Array<{ orderId: string; clientOid: string; errorMsg: string }> = [];
    for (const item of b.orderIdList) {
      try {
        requireOrderRef(item);
        const o = await m.orders.cancel(env, ref, symbol, item);
        successList.push({ orderId: o.id, clientOid: o.clientOid });
      } catch (err) {
        if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
        failureList.push({ orderId: item.orderId ?? "", clientOid: item.clientOid ?? "", errorMsg: err.message });
      }
    }
    return ok({ successList, failureList });
  });

  const window = (q: Query) => ({
    start: qInt(q, "startTime", { min: 0, max: 9e15 }) ?? 0,
    end: qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
    before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
    limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
  });
  const listJson = (orders: ReturnType<typeof marginOrderJson>[]) => ({
    orderList: orders,
    maxId: orders[0]?.orderId ?? "",
    minId: orders[orders.length - 1]?.orderId ?? "",
  });
  const loanType = (id: string) => m.store.loanType(id) ?? "normal";

  route("GET", P.openOrders, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const ref = pairRef(p, qString(q, "symbol", true, 32) as string);
    const symbol = instrument((qString(q, "symbol", true, 32) as string).toUpperCase())!.symbol;
    const w = window(q);
    const orderId = qString(q, "orderId", false, 32);
    const clientOid = qString(q, "clientOid", false, 64);
    const list = m.exchange.svc
      .openOrders(env, svc.key(ref), symbol)
      .filter(
        (o) =>
          o.seq < w.before &&
          o.cTime >= w.start &&
          o.cTime <= w.end &&
          (!orderId || o.id === orderId) &&
          (!clientOid || o.clientOid === clientOid),
      )
      .slice(0, w.limit);
    return ok(listJson(list.map((o) => marginOrderJson(o, loanType(o.id)))));
  });

  route("GET", P.historyOrders, 20, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", true, 32) as string;
    const ref = pairRef(p, sym);
    const w = window(q);
    const orders = m.exchange.svc.store.orderHistory({
      env,
      user: svc.key(ref),
      symbol: instrument(sym.toUpperCase())!.symbol,
      before: w.before,
      start: w.start,
      end: w.end,
      orderId: qString(q, "orderId", false, 32) ?? null,
      limit: w.limit,
    });
    return ok(listJson(orders.map((o) => marginOrderJson(o, loanType(o.id)))));
  });

  route("GET", P.fills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const sym = qString(q, "symbol", true, 32) as string;
    const ref = pairRef(p, sym);
    const inst = instrument(sym.toUpperCase())!;
    const w = window(q);
    const before = qString(q, "idLessThan", false, 32);
    const rows = m.exchange.svc.store.fills({
      env,
      user: svc.key(ref),
      symbol: inst.symbol,
      orderId: qString(q, "orderId", false, 32) ?? null,
      start: w.start,
      end: w.end,
      before: before && /^\d{1,20}$/.test(before) ? before : "99999999999999999999",
      limit: w.limit,
    });
    const fills = rows.map((r) => ({
      orderId: String(r.order_id),
      tradeId: String(r.trade_id),
      orderType: String(r.order_type),
      side: String(r.side),
      priceAvg: price(inst, Number(r.price)),
      size: lots(inst, Number(r.size)),
      amount: units(r.amount as bigint),
      tradeScope: String(r.scope),
      feeDetail: { deduction: "no", feeCoin: String(r.fee_coin), totalDeductionFee: "0", totalFee: "-" + units(r.fee as bigint) },
      cTime: String(r.ts),
      uTime: String(r.ts),
    }));
    return ok({ fills, minId: fills[fills.length - 1]?.tradeId ?? "", maxId: fills[0]?.tradeId ?? "" });
  });

  // ---- history -------------------------------------------------------------------------------

  const history = (url: string, kinds: readonly string[], json: (r: Parameters<typeof borrowJson>[0]) => unknown, coinFilter = true) =>
    route("GET", url, 10, false, async (req, p, env) => {
      const q = req.query as Query;
      const sym = qsym(req);
      const ref = refOf(p, sym);
      const w = window(q);
      const marginType = url === P.financialRecords ? queryEnumOf(q, MARGIN_RECORD_TYPES, "marginType") : undefined;
      const rows = m.store.records({
        env,
        userId: p.userId,
        mode,
        symbol: isolated ? ref.symbol : null,
        kinds: marginType ? [marginType] : kinds,
        coin: coinFilter ? (coinOf(qString(q, "coin", false, 16), false) ?? null) : null,
        ...w,
      });
      const resultList = rows.map(json);
      return ok({ resultList, maxId: rows[0] ? String(rows[0].id) : "", minId: rows.length ? String(rows[rows.length - 1]!.id) : "" });
    });
  history(P.borrowHistory, ["borrow"], borrowJson);
  history(P.repayHistory, ["repay"], repayJson);
  history(P.interestHistory, ["interest"], interestJson);
  history(P.liquidationHistory, ["liquidation"], liquidationJson, false);
  history(P.financialRecords, MARGIN_RECORD_TYPES, financialJson);
}

/** Whether a wallet-transfer body names a margin account (the spot/futures route serves the rest). */
export function isMarginTransfer(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  return [b.fromType, b.toType].some((t) => typeof t === "string" && /^(crossed|isolated)_margin$/i.test(t));
}

export type { Env };
export { canonical };
