/**
 * Whatever a caller sends to a margin endpoint through the BFF (docs/decisions/320) — wrong types,
 * empty strings, huge or negative numbers, unknown pairs and coins, other users' ids, nested junk —
 * the answer is Bitget's envelope with a code, never a 500.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED, MARGIN_ISOLATED } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off" });
let c: Client;
beforeAll(async () => {
  c = new Client(web.url, makeKey(web.dir, "mf-fuzz"));
  await c.get(V2.assets);
  await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", amount: "100", coin: "USDT" });
});

const POSTS = [
  ...[MARGIN_CROSSED, MARGIN_ISOLATED].flatMap((P) => [
    P.borrow,
    P.repay,
    P.placeOrder,
    P.batchPlaceOrder,
    P.cancelOrder,
    P.batchCancelOrder,
  ]),
  MIX_PRIVATE.walletTransfer,
];
const GETS = [MARGIN_CROSSED, MARGIN_ISOLATED].flatMap((P) => [
  P.assets,
  P.riskRate,
  P.maxBorrowable,
  P.maxTransferOut,
  P.interestRateAndLimit,
  P.tierData,
  P.openOrders,
  P.historyOrders,
  P.fills,
  P.borrowHistory,
  P.repayHistory,
  P.interestHistory,
  P.liquidationHistory,
  P.financialRecords,
]);

/** Values a careless or hostile client puts in a field. */
const junk = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e9",
    "NaN",
    "1".repeat(60),
    "0.000000001",
    "BTCUSDT",
    "btcusdt",
    "NOPE",
    "USDT",
    "crossed_margin",
    "isolated_margin",
    "spot",
    "autoLoan",
    "buy",
    "market",
    "limit",
    "123456789012345678901234567890",
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const FIELDS = [
  "symbol",
  "coin",
  "borrowAmount",
  "repayAmount",
  "amount",
  "fromType",
  "toType",
  "orderType",
  "side",
  "loanType",
  "force",
  "price",
  "baseSize",
  "quoteSize",
  "clientOid",
  "orderId",
  "orderList",
  "orderIdList",
  "stpMode",
];
const body = fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 8 });

describe("margin endpoints under fuzz", () => {
  it("answer every body with an envelope below 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), body, async (path, b) => {
        const r = await c.post(path, b);
        expect(r.status, `${path} ${JSON.stringify(b)}`).toBeLessThan(500);
        expect(typeof r.body.code).toBe("string");
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it("answer every query with an envelope below 500", async () => {
    const query = fc.dictionary(
      fc.constantFrom("symbol", "coin", "limit", "idLessThan", "startTime", "endTime", "orderId", "marginType"),
      fc.string({ maxLength: 30 }),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), query, async (path, q) => {
        const r = await c.get(`${path}?${new URLSearchParams(q).toString()}`);
        expect(r.status, `${path} ${JSON.stringify(q)}`).toBeLessThan(500);
        expect(typeof r.body.code).toBe("string");
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
