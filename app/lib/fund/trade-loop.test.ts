import { describe, expect, it, vi } from "vitest";
import { FUND_CODES, FUND_PATHS } from "../../../protocol/fund";
import { fundTradeLoop } from "./trade-loop";

const answer = (path: string, code: string) => ({
  request: { method: "POST", path, headers: {}, body: "{}" },
  status: 200,
  headers: new Headers(),
  envelope: { code, msg: "m", data: null },
});

describe("the fund password prompt before a trade", () => {
  it("asks on 47022 and sends the order again once the password is proven", async () => {
    const present = vi.fn(async () => true);
    const handler = fundTradeLoop(present);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a minimal response context
    expect(await handler(answer("/api/v2/spot/trade/place-order", FUND_CODES.tradeNeedsFund) as any)).toEqual({ retryWithHeaders: {} });
    expect(present).toHaveBeenCalledTimes(1);
  });

  it("lets the refusal through when the person gives up, and leaves other answers and its own call alone", async () => {
    const present = vi.fn(async () => false);
    const handler = fundTradeLoop(present);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- minimal response contexts
    const h = (path: string, code: string) => handler(answer(path, code) as any);
    expect(await h("/api/v2/spot/trade/place-order", FUND_CODES.tradeNeedsFund)).toBeUndefined();
    expect(present).toHaveBeenCalledTimes(1);
    expect(await h("/api/v2/spot/trade/place-order", "43012")).toBeUndefined();
    expect(await h(FUND_PATHS.tradeVerify, FUND_CODES.tradeNeedsFund)).toBeUndefined();
    expect(present).toHaveBeenCalledTimes(1);
  });
});
