/**
 * The spot order form's rules against the real exchange (docs/decisions/704): what the form lets
 * through, the gateway takes; what it stops before sending, the gateway refuses too; its fee
 * estimate is what a fill is charged; and the plan orders it builds trigger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EX_CODES, V2 } from "../../protocol/bitget.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";
import { parseDecimal, toText } from "~/lib/numbers/decimal";
import { estimateFee, feeRates } from "~/lib/trade/fees";
import { marketOf, type Market, type SpotSymbol } from "~/lib/trade/market";
import { buildOrder, summarize, validate, type OrderContext, type OrderFormState } from "~/lib/trade/order-form";
import { buildPlan, type PlanFormState } from "~/lib/trade/plan-form";

let gw: RunningGateway;
let maker: Client;
let taker: Client;
let trader: Client;
let eth: Market;

const S = "ETHUSDT";
const d = (t: string) => parseDecimal(t)!;
const form = (over: Partial<OrderFormState>): OrderFormState => ({
  side: "buy",
  type: "limit",
  force: "gtc",
  unit: "coin",
  price: "",
  quantity: "",
  takeProfit: "",
  stopLoss: "",
  ...over,
});

beforeAll(async () => {
  // No simulator: the test's own book and trades, so prices and fees are known. Demo accounts
  // (paptrading) start with ETH to sell.
  gw = await startGateway(tempDataDir(), { EXCHANGE_SIMULATOR: "off", EXCHANGE_RATE_LIMITS: "off" });
  const demo = { paptrading: "1" };
  maker = new Client(gw.base, makeKey(gw.dataDir, "sm"), demo);
  taker = new Client(gw.base, makeKey(gw.dataDir, "sk"), demo);
  trader = new Client(gw.base, makeKey(gw.dataDir, "st"), demo);
  const symbols = await trader.get<SpotSymbol[]>(V2.symbols);
  eth = marketOf(symbols.body.data.find((s) => s.symbol === S)!)!;
  expect(eth).toBeDefined();
  // the price band (docs/decisions/340) refuses a sell more than 5 % under the last price (3200, the
  // last candle): a first trade at 3100 brings 3000 within reach
  for (const [who, side, force] of [
    [maker, "sell", "gtc"],
    [taker, "buy", "ioc"],
  ] as const)
    expect((await who.post(V2.placeOrder, { symbol: S, side, orderType: "limit", force, price: "3100.00", size: "0.01" })).body.code).toBe(
      "00000",
    );
  for (const [side, price] of [
    ["sell", "3000.00"],
    ["buy", "2990.00"],
  ] as const)
    expect((await maker.post(V2.placeOrder, { symbol: S, side, orderType: "limit", force: "gtc", price, size: "5" })).body.code).toBe(
      "00000",
    );
  // A trade at 3000 sets the last price.
  expect((await taker.post(V2.placeOrder, { symbol: S, side: "buy", orderType: "market", size: "30" })).body.code).toBe("00000");
});
afterAll(async () => {
  await stopGateway(gw);
});

describe("the spot order form against the exchange", () => {
  const ctx = (): OrderContext => ({ market: eth, lastPrice: d("2990") });

  it.each([
    ["a price off the tick", { price: "2900.001", quantity: "0.01" }, "price", "tick", EX_CODES.paramCheck],
    ["an amount off the lot", { price: "2900", quantity: "0.00001" }, "quantity", "lot", EX_CODES.paramCheck],
    ["a value under 1 USDT", { price: "10", quantity: "0.01" }, "quantity", "minNotional", EX_CODES.minNotional],
  ] as const)("stops %s before sending, as the gateway refuses it", async (_name, fields, field, key, code) => {
    const state = form(fields);
    expect(validate(state, ctx())[field]?.key).toBe(key);
    const sent = await trader.post(V2.placeOrder, {
      symbol: S,
      side: "buy",
      orderType: "limit",
      force: "gtc",
      ...fields,
      size: fields.quantity,
    });
    expect(sent.body.code).toBe(code);
  });

  it("sends what it builds, and the gateway takes it", async () => {
    const built = buildOrder(form({ price: "2900", quantity: "50", unit: "quote", force: "post_only" }), ctx(), "form-1");
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body).toMatchObject({ price: "2900", size: "0.0172", force: "post_only" });
    expect((await trader.post(V2.placeOrder, built.body)).body.code).toBe("00000");
  });

  it("estimates the fee a fill is charged (taker, in the quote for a sell)", async () => {
    // A market sell into the 2990 bid.
    const info = await trader.get<{ vipLevel: string }>(V2.accountInfo);
    const rates = feeRates(info.body.data.vipLevel);
    const sell = form({ side: "sell", type: "market", quantity: "0.05" });
    const fee = estimateFee(sell, summarize(sell, ctx()), rates);
    expect(fee?.coin).toBe("quote");
    const built = buildOrder(sell, ctx(), "form-3");
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const placed = await trader.post<{ orderId: string }>(V2.placeOrder, built.body);
    expect(placed.body.code).toBe("00000");
    type FillRow = { orderId: string; feeDetail: { totalFee: string; feeCoin: string } };
    let charged: FillRow | undefined;
    for (let i = 0; i < 50 && !charged; i++) {
      const fills = await trader.get<FillRow[]>(`${V2.tradeFills}?symbol=${S}`);
      charged = fills.body.data.find((f) => f.orderId === placed.body.data.orderId);
      if (!charged) await new Promise((r) => setTimeout(r, 100));
    }
    expect(charged?.feeDetail.feeCoin).toBe("USDT");
    expect(toText(d(charged!.feeDetail.totalFee.replace(/^-/, "")))).toBe(toText(fee!.amount));
  });

  it("places the plan orders it builds, which trigger through the book", async () => {
    const plan: PlanFormState = { side: "buy", execute: "market", unit: "coin", triggerPrice: "2995", price: "", quantity: "20" };
    const built = buildPlan(plan, ctx(), "plan-form-1");
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body).toMatchObject({ planType: "total", triggerType: "fill_price", size: "20" });
    const placed = await trader.post<{ orderId: string }>(V2.placePlan, built.body);
    expect(placed.body.code).toBe("00000");
    const limitPlan = buildPlan({ ...plan, execute: "limit", unit: "quote", price: "2999.5", quantity: "30" }, ctx(), "plan-form-2");
    expect(limitPlan.ok && limitPlan.body).toMatchObject({ orderType: "limit", executePrice: "2999.5", size: "0.01" });
    if (limitPlan.ok) expect((await trader.post(V2.placePlan, limitPlan.body)).body.code).toBe("00000");
    // A trade at 3000 crosses both triggers (2995, up from the last 2990 of the sell above).
    expect((await taker.post(V2.placeOrder, { symbol: S, side: "buy", orderType: "market", size: "10" })).body.code).toBe("00000");
    type PlanPage = { orderList: Array<{ orderId: string }> };
    let left = 2;
    for (let i = 0; i < 50 && left > 0; i++) {
      left = (await trader.get<PlanPage>(`${V2.currentPlan}?symbol=${S}`)).body.data.orderList.length;
      if (left > 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toBe(0);
  });
});
