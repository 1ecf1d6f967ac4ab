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
    // the price band (docs/decisions/340): beside the price, in the form's words, with the bound the gateway names
    expect(placeErrorOf(new HttpError("code", "The current order price exceeds the limit 99750.00", 200, "43009"))).toEqual({
      field: "price",
      error: { key: "bandHigh", values: { max: "99750.00" } },
    });
    expect(placeErrorOf(new HttpError("code", "The current order price cannot be less than 90250.00", 200, "43008"))).toEqual({
      field: "price",
      error: { key: "bandLow", values: { min: "90250.00" } },
    });
    expect(placeErrorOf(new HttpError("code", "price out of range", 200, "43009"))).toEqual({
      field: "price",
      error: { key: "bandHighNow" },
    });
    // the margin post-trade check
    expect(placeErrorOf(new HttpError("code", "Loan risk control check failed: the risk rate would be 1.05", 200, "50026"))).toEqual({
      field: "form",
      error: { key: "riskCheck" },
    });
    expect(placeErrorOf(new HttpError("code", "Parameter verification exception: price", 400, "40808"))).toEqual({
      field: "form",
      error: { key: "refused", values: { msg: "Parameter verification exception: price" } },
    });
  });

  it("reads the futures codes when asked: the band around the mark, the margin check, the environment", () => {
    const band = (msg: string) => placeErrorOf(new HttpError("code", msg, 200, "40706"), "futures");
    expect(band("The buy price must be at most 52500.0 (buyLimitPriceRatio 0.05 above the mark price 50000.0)")).toEqual({
      field: "price",
      error: { key: "bandHigh", values: { max: "52500.0" } },
    });
    expect(band("The sell price must be at least 47500.0 (sellLimitPriceRatio 0.05 below the mark price 50000.0)")).toEqual({
      field: "price",
      error: { key: "bandLow", values: { min: "47500.0" } },
    });
    expect(placeErrorOf(new HttpError("code", "at or below the maintenance margin", 200, "40762"), "futures")).toEqual({
      field: "form",
      error: { key: "marginTooLow" },
    });
    expect(placeErrorOf(new HttpError("code", "exchange environment is incorrect", 200, "40099"), "futures")).toEqual({
      field: "form",
      error: { key: "environment" },
    });
    // a spot code means nothing on futures
    expect(placeErrorOf(new HttpError("code", "x 1", 200, "43009"), "futures")).toEqual({
      field: "form",
      error: { key: "refused", values: { msg: "x 1" } },
    });
  });

  it("tells throttling and the network apart from refusals", () => {
    expect(placeErrorOf(new HttpError("status", "too many requests", 429))).toEqual({ field: "form", error: { key: "tooMany" } });
    expect(placeErrorOf(new HttpError("network", "Network Error"))).toEqual({ field: "form", error: { key: "network" } });
    expect(placeErrorOf(new Error("boom"))).toEqual({ field: "form", error: { key: "refused", values: { msg: "boom" } } });
  });
});
