import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatterCount, numberFormat } from "./formatters";

describe("formatters", () => {
  it("reuses one formatter per language and options, and never mixes them", () => {
    const usd = numberFormat("en", { style: "currency", currency: "USD" });
    expect(numberFormat("en", { style: "currency", currency: "USD" })).toBe(usd);
    expect(numberFormat("en", { style: "currency", currency: "EUR" }).format(1)).toBe("€1.00");
    expect(numberFormat("de", { style: "currency", currency: "USD" }).format(1)).toBe("1,00\u00a0$");
    expect(usd.format(1)).toBe("$1.00");
    expect(dateTimeFormat("en", { year: "numeric", timeZone: "UTC" }).format(0)).toBe("1970");
  });

  it("formats numbers with the locale's number tag and dates with its own (docs/decisions/022)", () => {
    expect(numberFormat("uz-Latn-UZ").resolvedOptions().locale).toBe("uk");
    expect(numberFormat("uz-Latn-UZ")).toBe(numberFormat("uk"));
    expect(dateTimeFormat("uz-Latn-UZ").resolvedOptions().locale).toBe("uz-Latn-UZ");
  });

  it("keeps a bounded number of formatters", () => {
    for (let i = 0; i < 2_000; i++)
      numberFormat("en", {
        minimumFractionDigits: i % 20,
        maximumFractionDigits: 20,
        useGrouping: i % 7 === 0 ? false : true,
        minimumIntegerDigits: 1 + (i % 21),
      });
    expect(formatterCount()).toBeLessThanOrEqual(1_024);
  });
});
