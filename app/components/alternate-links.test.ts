import { describe, expect, it } from "vitest";
import { LOCALES } from "../../protocol/locales";
import { switchLocalePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { alternatesOf } from "./alternate-links";

const ORIGIN = "https://example.test";

/** The addresses as the links computed them before: one switchLocalePath per locale. */
function bySwitch(pathname: string) {
  const { prefix } = splitLocalePath(pathname);
  return {
    canonical: ORIGIN + switchLocalePath(pathname, prefix),
    alternates: [
      ...LOCALES.filter((l) => !l.hidden).map((l) => ({ hrefLang: l.intl, href: ORIGIN + switchLocalePath(pathname, l.key) })),
      { hrefLang: "x-default", href: ORIGIN + switchLocalePath(pathname, null) },
    ],
  };
}

describe("alternatesOf", () => {
  it.each(["/", "/spot/BTCUSDT", "/ja", "/ja/", "/zh-cn/futures/usdt/BTCUSDT", "/ar/wiki/bitcoin", "/fr?x=1", "/de/markets/"])(
    "gives the same addresses as switching each locale (%s)",
    (path) => {
      expect(alternatesOf(ORIGIN, path)).toEqual(bySwitch(path));
    },
  );

  it("names the canonical address under the page's own prefix and x-default without one", () => {
    const { canonical, alternates } = alternatesOf(ORIGIN, "/zh-cn/spot/BTCUSDT");
    expect(canonical).toBe(`${ORIGIN}/zh-CN/spot/BTCUSDT`);
    expect(alternates.at(-1)).toEqual({ hrefLang: "x-default", href: `${ORIGIN}/spot/BTCUSDT` });
    expect(alternates.map((a) => a.href)).toContain(`${ORIGIN}/ja/spot/BTCUSDT`);
  });

  it("computes a path once (the same object again) and keys by origin", () => {
    const a = alternatesOf(ORIGIN, "/spot/ETHUSDT");
    expect(alternatesOf(ORIGIN, "/spot/ETHUSDT")).toBe(a);
    expect(alternatesOf("https://other.test", "/spot/ETHUSDT").canonical).toBe("https://other.test/spot/ETHUSDT");
  });
});
