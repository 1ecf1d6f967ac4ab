import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BUSINESS_TYPE_ALIASES,
  BUSINESS_TYPES,
  EX_CODES,
  FORCES,
  GRANULARITIES,
  ORDER_TYPES,
  SIDES,
  STP_MODES,
  TRIGGER_TYPE_ALIASES,
  TRIGGER_TYPES,
} from "../../protocol/bitget.ts";
import { GatewayError } from "../envelope.ts";
import { EngineError } from "./engine/types.ts";
import { IdGen } from "./engine/order.ts";
import { PlaceOrderSchema, toOrder } from "./order-request.ts";
import { canonical, decimal, enumValue, granularity, isAbsent, optional, parseFields, queryEnum, text } from "./fields.ts";

/** `s` with each letter's case chosen at random. */
const anyCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((flags) => [...s].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase())).join(""));
const oneOfList = <T extends string>(list: readonly T[]) =>
  fc.constantFrom(...list).chain((v) => anyCase(v).map((spelled) => [v, spelled] as const));
/** Anything a JSON body can carry. */
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));

/** The refusal a helper threw, or undefined. */
function refusal(fn: () => unknown): { code: string; msg: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof EngineError || err instanceof GatewayError) return { code: err.code, msg: err.message };
    throw err;
  }
}

describe("enumerations", () => {
  it("match in any case and come back in Bitget's spelling", () => {
    for (const list of [SIDES, ORDER_TYPES, FORCES, STP_MODES, TRIGGER_TYPES, BUSINESS_TYPES] as const) {
      fc.assert(
        fc.property(oneOfList(list as readonly string[]), ([value, spelled]) => {
          expect(canonical(list as readonly string[], spelled)).toBe(value);
          expect(enumValue(list as readonly string[], spelled, "f")).toBe(value);
        }),
      );
    }
  });

  it("match their aliases in any case", () => {
    fc.assert(
      fc.property(anyCase("market_price"), (s) => {
        expect(enumValue(TRIGGER_TYPES, s, "triggerType", undefined, TRIGGER_TYPE_ALIASES)).toBe("mark_price");
      }),
    );
    fc.assert(
      fc.property(anyCase("transfer-in"), (s) => {
        expect(canonical(BUSINESS_TYPES, s, BUSINESS_TYPE_ALIASES)).toBe("TRANSFER_IN");
      }),
    );
  });

  it('read an absent value (undefined, null, "") as the fallback, or as empty (40019) when required', () => {
    for (const v of [undefined, null, ""]) {
      expect(enumValue(FORCES, v, "force", "gtc")).toBe("gtc");
      expect(refusal(() => enumValue(SIDES, v, "side"))).toEqual({ code: EX_CODES.paramEmpty, msg: "Parameter side cannot be empty" });
    }
  });

  it("refuse any other string or type with 40017, and never repeat a huge value back whole", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ minLength: 1, maxLength: 5000 }), wrongType), (v) => {
        fc.pre(!(typeof v === "string" && canonical(FORCES, v) !== undefined));
        const r = refusal(() => enumValue(FORCES, v, "force", "gtc"));
        expect(r?.code).toBe(EX_CODES.paramInvalid);
        expect(r!.msg.length).toBeLessThan(120);
      }),
    );
    // spaces and look-alikes are not case
    for (const v of [" gtc", "gtc ", "g_tc", "gtc\u0000", "ＧＴＣ"])
      expect(refusal(() => enumValue(FORCES, v, "force"))?.code).toBe(EX_CODES.paramInvalid);
  });

  it("in a query answer with a GatewayError (public routes have no engine)", () => {
    expect(queryEnum(TRIGGER_TYPES, undefined, "t", "fill_price")).toBe("fill_price");
    expect(queryEnum(TRIGGER_TYPES, "FILL_PRICE", "t")).toBe("fill_price");
    expect(() => queryEnum(TRIGGER_TYPES, "x", "t")).toThrow(GatewayError);
  });
});

describe("granularity", () => {
  it("takes every documented spelling as written, and in any case unless it could be a minute or a month", () => {
    for (const g of Object.keys(GRANULARITIES)) expect(granularity(g)).toBe(g);
    expect(granularity("1m")).toBe("1min");
    expect(granularity("1M")).toBe("1M");
    expect(granularity("3M")).toBeUndefined();
    expect(granularity("15M")).toBeUndefined();
    expect(granularity("1H")).toBe("1h");
    expect(granularity("1d")).toBe("1day");
    expect(granularity("1DAY")).toBe("1day");
    expect(granularity("1mutc")).toBe("1Mutc");
    expect(granularity("2H")).toBeUndefined();
    fc.assert(
      fc.property(anyCase("15min"), (s) => {
        expect(granularity(s)).toBe("15min");
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (s) => {
        const g = granularity(s);
        if (g !== undefined) expect(g in GRANULARITIES).toBe(true);
      }),
    );
  });
});

describe("optional fields and parseFields", () => {
  const Schema = z.object({ need: text(8), opt: optional(text(8)), num: optional(decimal) });

  it('reads "" and null as absent, for text and decimals', () => {
    expect(isAbsent("")).toBe(true);
    expect(isAbsent("0")).toBe(false);
    expect(parseFields(Schema, { need: "a", opt: "", num: null })).toEqual({ need: "a" });
    expect(parseFields(Schema, { need: "a", opt: null, num: 1.5 })).toEqual({ need: "a", num: "1.5" });
  });

  it("answers 40019 for a missing required field and 40017 for a wrong one, whatever the body", () => {
    expect(refusal(() => parseFields(Schema, {}))).toEqual({ code: EX_CODES.paramEmpty, msg: "Parameter need cannot be empty" });
    expect(refusal(() => parseFields(Schema, undefined))?.code).toBe(EX_CODES.paramEmpty);
    expect(refusal(() => parseFields(Schema, { need: "x".repeat(9) }))?.code).toBe(EX_CODES.paramInvalid);
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const r = refusal(() => parseFields(Schema, body));
        if (r) expect([EX_CODES.paramEmpty, EX_CODES.paramInvalid]).toContain(r.code);
      }),
    );
  });
});

describe("place-order bodies end to end (schema, then engine validation)", () => {
  const ids = new IdGen();
  const place = (body: unknown) => refusal(() => toOrder(ids, "live", "u1", parseFields(PlaceOrderSchema, body), "API"));
  const base = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "50000", size: "0.01" };

  it("accepts any case of every enum and any mix of empty optionals", () => {
    const empties = fc.constantFrom(undefined, null, "");
    fc.assert(
      fc.property(
        anyCase("buy"),
        anyCase("limit"),
        oneOfList(FORCES),
        oneOfList(STP_MODES),
        anyCase("normal"),
        empties,
        empties,
        empties,
        (side, orderType, [, force], [, stpMode], tpslType, clientOid, triggerPrice, receiveWindow) => {
          const body = { ...base, side, orderType, force, stpMode, tpslType, clientOid, triggerPrice, receiveWindow, requestTime: "" };
          expect(place(body)).toBeUndefined();
          const o = toOrder(ids, "live", "u1", parseFields(PlaceOrderSchema, body), "API");
          expect([o.side, o.type]).toEqual(["buy", "limit"]);
          expect(o.clientOid).toBe(o.id);
        },
      ),
    );
  });

  it("refuses every wrong type or huge value in any field with a 40xxx code, never an unexpected error", () => {
    const field = fc.constantFrom(...Object.keys(PlaceOrderSchema.shape));
    const bad = fc.oneof(wrongType, fc.string({ minLength: 41, maxLength: 3000 }), fc.constant("x".repeat(100_000)));
    fc.assert(
      fc.property(field, bad, (name, v) => {
        const r = place({ ...base, [name]: v });
        // a few wrong types are still good values (a number for a decimal field)
        if (r) expect(r.code).toMatch(/^4\d{4}$/);
      }),
    );
  });

  it("keeps dangerous fields strict: an empty size or price is empty, a malformed one is refused", () => {
    expect(place({ ...base, size: "" })?.code).toBe(EX_CODES.paramEmpty);
    expect(place({ ...base, price: "" })?.code).toBe(EX_CODES.paramEmpty);
    expect(place({ ...base, size: null })?.code).toBe(EX_CODES.paramInvalid);
    for (const size of ["1e-2", "0x10", " 0.01", "0.01 ", "+0.01", "-0.01", "NaN", "Infinity"])
      expect(place({ ...base, size })?.code, size).toBe(EX_CODES.paramCheck);
    expect(place({ ...base, symbol: "btc-usdt" })?.code).toBe(EX_CODES.paramNotExist);
  });
});
