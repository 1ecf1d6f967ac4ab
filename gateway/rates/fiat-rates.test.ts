import { describe, expect, it } from "vitest";
import { FIATS, usdtRates } from "./fiat-rates.ts";

describe("usdtRates", () => {
  const t0 = Date.UTC(2026, 10, 22);

  it("is the same for the same seed and time, and differs by seed", () => {
    expect(usdtRates(1, t0)).toEqual(usdtRates(1, t0));
    expect(usdtRates(1, t0).rates).not.toEqual(usdtRates(2, t0).rates);
  });

  it("moves over time but stays near each fiat's base", () => {
    const a = usdtRates(7, t0).rates;
    const b = usdtRates(7, t0 + 3 * 3_600_000).rates;
    expect(a).not.toEqual(b);
    for (const f of FIATS) {
      const v = Number(a[f.value]);
      expect(Math.abs(v / f.base - 1)).toBeLessThanOrEqual(f.drift + 1e-9 + 10 ** -f.decimals / f.base);
    }
  });

  it("formats each rate with its fiat's decimals", () => {
    const { rates, supported } = usdtRates(3, t0);
    expect(rates.VND).toMatch(/^\d+$/);
    expect(rates.USD).toMatch(/^\d+\.\d{4}$/);
    expect(supported.map((s) => s.value)).toEqual(FIATS.map((f) => f.value));
  });

  it("quotes every currency the price wiki offers (docs/decisions/605)", () => {
    const { rates } = usdtRates(5, t0);
    for (const code of ["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "RUB", "TRY", "BRL", "INR"]) {
      expect(rates[code], code).toMatch(/^\d+(\.\d+)?$/);
    }
  });
});
