import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
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
import { PLACE_ORDER_TEXT, PlaceOrderSchema, toOrder } from "./order-request.ts";
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

describe("parseFields' text fast path (issue 31)", () => {
  /** The same schema without a declared text shape: zod alone judges it. */
  const zodOnly = PlaceOrderSchema.extend({});
  const outcome = (schema: z.ZodTypeAny, body: unknown) => {
    try {
      return { data: parseFields(schema, body) as unknown };
    } catch (err) {
      return {
        refusal: refusal(() => {
          throw err;
        }),
      };
    }
  };
  const names = Object.keys(PlaceOrderSchema.shape);

  it("declares exactly the schema's fields", () => {
    expect(Object.keys(PLACE_ORDER_TEXT).sort()).toEqual([...names].sort());
  });

  it("skips zod for a body of short strings and gives zod everything else", () => {
    const spy = vi.spyOn(PlaceOrderSchema, "safeParse");
    try {
      const body = { symbol: "BTCUSDT", side: "buy", orderType: "limit", price: "50000", size: "0.01", force: "", clientOid: null };
      expect(parseFields(PlaceOrderSchema, body)).toStrictEqual({ ...body, force: undefined, clientOid: undefined });
      expect(spy).not.toHaveBeenCalled();
      expect(parseFields(PlaceOrderSchema, { ...body, size: 0.01 })).toMatchObject({ size: "0.01" });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers every body exactly as zod alone does: the same fields, the same refusal", () => {
    const value = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.constantFrom("", null, "BTCUSDT", "x".repeat(16), "x".repeat(17), "1".repeat(40), "1".repeat(41)),
      wrongType,
    );
    const fields = fc.dictionary(fc.constantFrom(...names, "extra", "toString"), value, { maxKeys: 20 });
    const base = { symbol: "BTCUSDT", side: "buy", orderType: "limit", size: "1" };
    const body = fc.oneof(
      fields,
      fields.map((f) => ({ ...base, ...f })),
      fc.anything(),
    );
    let accepted = 0;
    fc.assert(
      fc.property(body, (b) => {
        const expected = outcome(zodOnly, b);
        if ("data" in expected) accepted++;
        expect(outcome(PlaceOrderSchema, b)).toStrictEqual(expected);
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(20);
    // every field at and around every length limit there is, on an otherwise valid body
    for (const name of names)
      for (const n of [0, 15, 16, 17, 19, 20, 21, 31, 32, 33, 39, 40, 41, 63, 64, 65]) {
        const b = { ...base, [name]: "1".repeat(n) };
        expect(outcome(PlaceOrderSchema, b), `${name} of ${n}`).toStrictEqual(outcome(zodOnly, b));
      }
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
