import { describe, expect, it } from "vitest";
import { prefsFromRequest } from "./prefs.server";

const req = (path: string, cookie?: string) => new Request(`http://localhost${path}`, cookie ? { headers: { Cookie: cookie } } : undefined);

describe("prefsFromRequest", () => {
  it("uses defaults without cookies or prefix", () => {
    expect(prefsFromRequest(req("/"))).toMatchObject({ language: "en", theme: "white", localePrefix: null });
  });
  it("a locale prefix beats the language cookie", () => {
    expect(prefsFromRequest(req("/ar/markets", "language=ja"))).toMatchObject({ language: "ar", localePrefix: "ar" });
  });
  it("an unknown first segment is not a prefix", () => {
    expect(prefsFromRequest(req("/markets", "language=ja"))).toMatchObject({ language: "ja", localePrefix: null });
  });
  it("appTheme dark/light beats the theme cookie; other values are ignored", () => {
    expect(prefsFromRequest(req("/?appTheme=dark", "theme=white")).theme).toBe("black");
    expect(prefsFromRequest(req("/?appTheme=light", "theme=black")).theme).toBe("white");
    expect(prefsFromRequest(req("/?appTheme=neon", "theme=black")).theme).toBe("black");
  });
  it("an invalid theme cookie becomes white", () => {
    expect(prefsFromRequest(req("/", "theme=purple")).theme).toBe("white");
  });
});

describe("currency", () => {
  it("follows the locale's default until the user picks one", () => {
    expect(prefsFromRequest(req("/")).currency).toBe("USD");
    expect(prefsFromRequest(req("/ja")).currency).toBe("JPY");
    expect(prefsFromRequest(req("/", "language=ar")).currency).toBe("AED");
    expect(prefsFromRequest(req("/ja", "unit=EUR")).currency).toBe("EUR");
    expect(prefsFromRequest(req("/ja", "unit=EUR")).currencyPicked).toBe(true);
  });
  it("a foreign unit cookie is no pick", () => {
    expect(prefsFromRequest(req("/de", "unit=%3Cx%3E"))).toMatchObject({ currency: "EUR", currencyPicked: false });
  });
});
