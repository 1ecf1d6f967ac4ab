import { describe, expect, it } from "vitest";
import { LOCALES, numberTag } from "../../../protocol/locales";
import { formatCoin, formatDateTime, formatMoney, formatNumber, formatPercent, NOT_A_NUMBER } from "./format";

describe("locale formatting", () => {
  it("formats decimal strings exactly, grouped for the locale", () => {
    expect(formatNumber("1234567.123456789", "en-US")).toBe("1,234,567.12345679");
    expect(formatNumber("1234567.5", "de-DE")).toBe("1.234.567,5");
    expect(formatNumber("12345678901234567890.5", "en-US", { maxDigits: 1 })).toBe("12,345,678,901,234,567,890.5");
    expect(formatNumber("1234.5", "en-US", { maxDigits: 0 })).toBe("1,235");
    expect(formatNumber("1234.5", "ar-AE")).toMatch(/1,234\.5/);
  });

  it("prints a dash for anything that is not a decimal", () => {
    for (const bad of ["", "abc", "NaN", "1e400"]) expect(formatNumber(bad, "en-US")).toBe(NOT_A_NUMBER);
    expect(formatMoney("x", "USD", "en-US")).toBe(NOT_A_NUMBER);
    expect(formatPercent("", "en-US")).toBe(NOT_A_NUMBER);
    expect(formatDateTime(Number.NaN, "en-US")).toBe(NOT_A_NUMBER);
  });

  it("coin amounts keep the coin's display precision, cut and never rounded up, in the locale", () => {
    expect(formatCoin("8196.97441969", "USDT", "en-US")).toBe("8,196.9744");
    expect(formatCoin("1499.99999999", "USDT", "en-US")).toBe("1,499.9999");
    expect(formatCoin("0.12345678", "BTC", "de-DE")).toBe("0,123456");
    expect(formatCoin("12.5", "XRP", "en-US", { minDigits: 2 })).toBe("12.50");
    expect(formatCoin("-0.00000001", "USDT", "en-US")).toBe("0");
    expect(formatCoin("0.12345678", "NEWCOIN", "en-US")).toBe("0.12345678");
    expect(formatCoin("", "USDT", "en-US")).toBe(NOT_A_NUMBER);
  });

  it("percentages carry their sign", () => {
    expect(formatPercent("0.01234", "en-US")).toBe("+1.23%");
    expect(formatPercent("-0.5", "fr-FR")).toMatch(/^-50,00\s%$/);
    expect(formatPercent("0", "en-US")).toBe("0.00%");
  });

  it("money uses the currency's decimals, and four significant digits under 1", () => {
    expect(formatMoney("1234.5", "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoney("1234.5", "JPY", "ja-JP")).toBe("￥1,235");
    expect(formatMoney("0.000123456", "USD", "en-US")).toBe("$0.0001235");
    expect(formatMoney("0", "EUR", "de-DE")).toMatch(/^0,00\s€$/);
    expect(formatMoney("1234567", "USD", "en-US", { compact: true })).toBe("$1.2M");
  });

  it("dates follow the locale", () => {
    const t = Date.UTC(2026, 10, 23, 12, 0);
    expect(formatDateTime(t, "en-US", "date")).toBe("Nov 23, 2026");
    expect(formatDateTime(t, "de-DE", "date")).toBe("23.11.2026");
  });

  // docs/decisions/022: what the server writes must be what every browser writes on hydration.
  it("Uzbek numbers use a tag every browser has data for, with Uzbek separators", () => {
    expect(numberTag("uz-Latn-UZ")).toBe("uk");
    expect(numberTag("UZ-latn-uz")).toBe("uk");
    expect(numberTag("en-US")).toBe("en-US");
    expect(formatNumber("1234567.5", "uz-Latn-UZ")).toBe("1\u00a0234\u00a0567,5");
    expect(formatNumber("1234", "uz-Latn-UZ")).toBe("1\u00a0234");
    expect(formatPercent("-0.0281", "uz-Latn-UZ")).toBe("-2,81%");
    expect(formatMoney("1234.5", "UZS", "uz-Latn-UZ")).toBe("1\u00a0234,50\u00a0UZS");
  });

  it("hryvnias are written with the sign every CLDR version agrees on", () => {
    expect(formatMoney("1234.5", "UAH", "uk-UA")).toBe("1\u00a0234,50\u00a0₴");
    expect(formatMoney("-5", "UAH", "ru-RU")).toBe("-5,00\u00a0₴");
    expect(formatMoney("1234567", "UAH", "uk-UA", { compact: true })).toBe("1,2\u00a0млн\u00a0₴");
  });

  it("every locale formats numbers with a tag Intl has data for", () => {
    for (const l of LOCALES) {
      const tag = numberTag(l.intl);
      expect(Intl.NumberFormat.supportedLocalesOf([tag]), l.key).toEqual([tag]);
      expect(new Intl.NumberFormat(tag).resolvedOptions().locale.split("-")[0], l.key).toBe(tag.split("-")[0]);
    }
  });
});
