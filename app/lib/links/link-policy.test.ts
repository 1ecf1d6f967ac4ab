import { describe, expect, it } from "vitest";
import { checkImageSource, checkLink, normaliseAddress, type LinkPolicy } from "./link-policy";

const policy: LinkPolicy = {
  hosts: ["mix.example", "mix-mirror.example", "127.0.0.1:3000"],
  addresses: ["https://t.me/mixexchange", "https://bitcoin.org/"],
};

const allowed = (value: string) => checkLink(value, policy);

describe("checkLink: what is accepted", () => {
  it.each([
    ["", ""],
    ["#", "#"],
    ["#top", "#top"],
    ["/wiki/bitcoin", "/wiki/bitcoin"],
    ["./fees", "./fees"],
    ["../up", "../up"],
    ["/search?q=a&b=c#x", "/search?q=a&b=c#x"],
  ])("the relative form %j", (value, href) => {
    expect(allowed(value)).toEqual({ allowed: true, kind: "site", href });
  });

  it.each([
    "mailto:help@mix.example",
    "tel:+441234567",
    "blob:https://mix.example/0d7a",
    "data:image/png;base64,iVBORw0K",
    "mixexchange://trade/BTCUSDT",
    "MAILTO:help@mix.example",
    "DATA:IMAGE/gif;base64,R0lGOD",
  ])("the scheme %s", (value) => {
    expect(allowed(value)).toEqual({ allowed: true, kind: "scheme", href: value });
  });

  it("makes brand-owned absolute addresses relative, www and protocol-relative forms included", () => {
    expect(allowed("https://www.mix.example/ja/wiki/bitcoin")).toEqual({ allowed: true, kind: "site", href: "/ja/wiki/bitcoin" });
    expect(allowed("HTTPS://MIX.EXAMPLE/fee?x=1#t")).toEqual({ allowed: true, kind: "site", href: "/fee?x=1#t" });
    expect(allowed("http://mix-mirror.example")).toEqual({ allowed: true, kind: "site", href: "/" });
    expect(allowed("//www.mix.example/wiki")).toEqual({ allowed: true, kind: "site", href: "/wiki" });
    expect(allowed("http://127.0.0.1:3000/wiki")).toEqual({ allowed: true, kind: "site", href: "/wiki" });
    expect(allowed("https://mix.example:443/x")).toEqual({ allowed: true, kind: "site", href: "/x" });
    // The relative form never becomes a network path to another host.
    expect(allowed("https://mix.example//evil.example/x")).toEqual({ allowed: true, kind: "site", href: "/evil.example/x" });
    expect(allowed("https://mix.example/\\evil.example")).toEqual({ allowed: true, kind: "site", href: "/evil.example" });
  });

  it("accepts configured addresses and what lies below them, normalised", () => {
    expect(allowed("https://t.me/mixexchange")).toEqual({ allowed: true, kind: "external", href: "https://t.me/mixexchange" });
    expect(allowed("https://T.ME/mixexchange/42")).toEqual({ allowed: true, kind: "external", href: "https://t.me/mixexchange/42" });
    expect(allowed("https://bitcoin.org/bitcoin.pdf")).toEqual({
      allowed: true,
      kind: "external",
      href: "https://bitcoin.org/bitcoin.pdf",
    });
  });

  it("trims and drops what the browser's parser would drop, and returns that form", () => {
    expect(normaliseAddress("  \t/wi\nki\r \u0000")).toBe("/wiki");
    expect(allowed(" \n/wiki ")).toEqual({ allowed: true, kind: "site", href: "/wiki" });
  });
});

/** Values refused for each reason; the title names the value. */
const REFUSED: Record<string, readonly string[]> = {
  "the scheme in %j": [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "javascript\r:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:,x",
    "DATA:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "ftp://mix.example/x",
    "intent://x#Intent;end",
  ],
  "the value %j, which is no allowed relative form": [
    // An entity in the raw value is no scheme; in HTML the parser decodes it first (rich-text tests).
    "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "\u00a0javascript:alert(1)",
    "ｊａｖａｓｃｒｉｐｔ:alert(1)",
    "wiki/bitcoin",
    "?q=1",
    ".\\evil.example",
  ],
  "the host trick %j": [
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example/x",
    "\\/evil.example",
    "/\t/evil.example",
    " //evil.example",
    "https://evil.example/",
    "https:evil.example",
    "https://mix.example.evil.example/",
    "https://evilmix.example/",
    "https://mix.example@evil.example/",
    "https://user:pw@mix.example/",
    "https://t.me@evil.example/mixexchange",
    "https://mix.example./x",
    "https://mіx.example/",
    "https://t.me/mixexchange-evil",
    "https://t.me/mixexchange/../evil",
    "https://t.me/mixexchange/%2e%2e/evil",
    "http://t.me/mixexchange",
    "https://t.me:8443/mixexchange",
    "https://127.0.0.1:3001/",
    "//resolve.invalid/base/",
  ],
};

describe("checkLink: bypasses are refused", () => {
  for (const [title, values] of Object.entries(REFUSED)) {
    it.each(values)(title, (value) => {
      expect(allowed(value).allowed).toBe(false);
    });
  }

  it("says why", () => {
    expect(allowed("javascript:alert(1)")).toEqual({ allowed: false, reason: "scheme javascript: is not allowed" });
    expect(allowed("https://a@mix.example/")).toEqual({ allowed: false, reason: "credentials in the address" });
  });

  it("with no configuration, only relative forms and the fixed schemes pass", () => {
    const none: LinkPolicy = { hosts: [], addresses: [] };
    expect(checkLink("/x", none).allowed).toBe(true);
    expect(checkLink("https://mix.example/", none).allowed).toBe(false);
    expect(checkLink("//mix.example/", none).allowed).toBe(false);
  });
});

describe("checkImageSource", () => {
  const hosts = ["img.example", "127.0.0.1:3517"];
  it("takes site paths, data:image/, blob: and the image hosts", () => {
    expect(checkImageSource("/coins/btc.svg", policy, hosts)).toEqual({ allowed: true, kind: "site", href: "/coins/btc.svg" });
    expect(checkImageSource("https://www.mix.example/a.png", policy, hosts)).toEqual({ allowed: true, kind: "site", href: "/a.png" });
    expect(checkImageSource("https://IMG.example/a.png", policy, hosts)).toEqual({
      allowed: true,
      kind: "external",
      href: "https://img.example/a.png",
    });
    expect(checkImageSource("http://127.0.0.1:3517/a.png", policy, hosts).allowed).toBe(true);
    expect(checkImageSource("data:image/png;base64,AA==", policy, hosts).allowed).toBe(true);
  });

  it("refuses other hosts, configured link addresses and non-image schemes", () => {
    for (const src of [
      "https://evil.example/a.png",
      "https://bitcoin.org/a.png",
      "mailto:a@b.c",
      "#x",
      "",
      "javascript:alert(1)",
      "https://x@img.example/a.png",
      "//evil.example/a.png",
      "mixexchange://x",
    ]) {
      expect(checkImageSource(src, policy, hosts).allowed, src).toBe(false);
    }
  });
});
