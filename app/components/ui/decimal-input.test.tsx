import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n/instance";
import common from "~/locales/en/common.json";
import trade from "~/locales/en/trade.json";
import { DecimalInput, decimalProblem, isPositiveDecimal } from "./decimal-input";

const render = (value: string, error?: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", { en: { common, trade } })}>
      <DecimalInput label="Price" value={value} onChange={() => undefined} error={error} />
    </I18nextProvider>,
  );

describe("a typed amount", () => {
  it("says nothing while empty, and nothing of a plain decimal above zero", () => {
    expect(decimalProblem("")).toBeUndefined();
    for (const ok of ["1", "0.5", "12.345678", "100000"]) {
      expect(decimalProblem(ok), ok).toBeUndefined();
      expect(isPositiveDecimal(ok), ok).toBe(true);
    }
    expect(isPositiveDecimal("")).toBe(false);
  });

  it("refuses what is not a plain decimal: letters, signs, exponents, commas, a bare point", () => {
    for (const bad of ["abc", "-1", "+1", "1e5", "1,5", ".5", "5.", "1.2.3", "Infinity", "0x10", "1".repeat(21)]) {
      expect(decimalProblem(bad), bad).toBe("trade:errors.invalid");
      expect(isPositiveDecimal(bad), bad).toBe(false);
    }
  });

  it("refuses zero in any spelling", () => {
    for (const zero of ["0", "0.0", "000", "0.00000000"]) expect(decimalProblem(zero), zero).toBe("trade:errors.positive");
  });
});

describe("DecimalInput", () => {
  it("marks bad text invalid and says why beside it, in the reader's language", () => {
    const html = render("abc");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Enter a number, for example 0.5.");
    expect(render("0")).toContain("Enter a value greater than 0.");
  });

  it("is quiet while empty or fine, and lets the caller's own rule speak first", () => {
    expect(render("")).not.toContain("aria-invalid");
    expect(render("1.5")).not.toContain("aria-invalid");
    const html = render("5", "trade:errors.futures.closeMore");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("The size is larger than what can be closed of this position.");
  });
});
