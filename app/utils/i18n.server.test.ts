import { describe, expect, it } from "vitest";
import { LOCALES } from "../../protocol/locales";
import { localeOf, serverI18n } from "./i18n.server";

const req = (path: string, headers: Record<string, string> = {}) => new Request(`http://x${path}`, { headers });

describe("server locale detection (remix-i18next)", () => {
  it.each(LOCALES.map((l) => l.key))("the prefix /%s is that locale, in any casing, over the cookie", async (key) => {
    expect(await localeOf(req(`/${key}/spot`, { cookie: "language=ja" }))).toBe(key);
    expect(await localeOf(req(`/${key.toUpperCase()}`))).toBe(key);
  });

  it("without a prefix the language cookie decides; a foreign cookie or none is English", async () => {
    expect(await localeOf(req("/", { cookie: "language=zh-tc" }))).toBe("zh-TC");
    expect(await localeOf(req("/wiki", { cookie: "language=xx" }))).toBe("en");
    expect(await localeOf(req("/xx/wiki"))).toBe("en");
  });

  it("Accept-Language does not move an unprefixed page", async () => {
    expect(await localeOf(req("/", { "accept-language": "ja,de;q=0.8" }))).toBe("en");
  });

  it("the server instance speaks the page's locale, English beneath", async () => {
    const instance = await serverI18n("ar");
    expect(instance.language).toBe("ar");
    expect(instance.dir()).toBe("rtl");
  });
});
