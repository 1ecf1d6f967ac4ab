import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http/errors";
import { placeErrorOf } from "./order-errors";

describe("placeErrorOf", () => {
  it("puts balance and size refusals beside the amount and the rest above the button", () => {
    expect(placeErrorOf(new HttpError("code", "Insufficient balance", 200, "43012"))).toEqual({
      field: "quantity",
      error: { key: "insufficientNow" },
    });
    expect(placeErrorOf(new HttpError("code", "less than the minimum order value 1 USDT", 200, "45110"))).toEqual({
      field: "quantity",
      error: { key: "belowMinValue" },
    });
    // 43009 is the price band's refusal (docs/decisions/340), shown with the gateway's message
    expect(placeErrorOf(new HttpError("code", "The current order price exceeds the limit 94500", 200, "43009"))).toEqual({
      field: "form",
      error: { key: "refused", values: { msg: "The current order price exceeds the limit 94500" } },
    });
    expect(placeErrorOf(new HttpError("code", "Parameter verification exception: price", 400, "40808"))).toEqual({
      field: "form",
      error: { key: "refused", values: { msg: "Parameter verification exception: price" } },
    });
  });

  it("tells throttling and the network apart from refusals", () => {
    expect(placeErrorOf(new HttpError("status", "too many requests", 429))).toEqual({ field: "form", error: { key: "tooMany" } });
    expect(placeErrorOf(new HttpError("network", "Network Error"))).toEqual({ field: "form", error: { key: "network" } });
    expect(placeErrorOf(new Error("boom"))).toEqual({ field: "form", error: { key: "refused", values: { msg: "boom" } } });
  });
});
