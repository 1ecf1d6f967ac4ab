import { describe, expect, it } from "vitest";
import { SYS } from "./tracking.ts";
import { parseUserAgent, sysCode } from "./user-agent.ts";

const UA = {
  chromeWin: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  pixel: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  reduced: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  electronMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) MixDesktop/2.1.0 Chrome/124.0.6367.243 Electron/30.1.2 Safari/537.36",
  electronWin:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) MixDesktop/2.1.0 Chrome/124.0.6367.243 Electron/30.1.2 Safari/537.36",
};

describe("user agent", () => {
  it.each([
    ["chromeWin", UA.chromeWin, { browser: "Chrome", browserVersion: "126.0.0.0", os: "windows", osVersion: "10.0", mobile: false }],
    ["edge", UA.edge, { browser: "Edge", browserVersion: "126.0.2592.87" }],
    ["safariMac", UA.safariMac, { browser: "Safari", browserVersion: "17.5", os: "mac", osVersion: "10.15.7", manufacturer: "Apple" }],
    ["firefoxLinux", UA.firefoxLinux, { browser: "Firefox", browserVersion: "127.0", os: "linux", model: "" }],
    ["empty", "", { browser: "", os: "unknown", userAgent: "" }],
  ])("names browser, version and OS (%s)", (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toMatchObject(expected);
  });

  it.each([
    ["iphone", UA.iphone, { os: "ios", osVersion: "17.5.1", manufacturer: "Apple", brand: "Apple", model: "iPhone", mobile: true }],
    ["samsung", UA.samsung, { browser: "Samsung Internet", os: "android", osVersion: "14", brand: "Samsung", model: "SM-S918B" }],
    ["pixel", UA.pixel, { brand: "Google", manufacturer: "Google", model: "Pixel 8" }],
    // Chrome's reduced user agent hides the model behind "K"
    ["reduced", UA.reduced, { model: "", brand: "" }],
  ])("names phone makers and models (%s)", (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toMatchObject(expected);
  });

  it("caps the user agent at 255 characters but parses all of it", () => {
    const long = `${UA.chromeWin} ${"x".repeat(300)} Electron/1.0`;
    const info = parseUserAgent(long);
    expect(info.userAgent).toHaveLength(255);
    expect(info.userAgent).toBe(long.slice(0, 255));
    expect(info.desktopApp).toBe(true);
  });

  it("gives the sys code: app H5, Windows and Mac apps, mobile web, web", () => {
    expect(sysCode(parseUserAgent(UA.iphone), true)).toBe(SYS.appH5);
    expect(sysCode(parseUserAgent(UA.electronWin), false)).toBe(SYS.windows);
    expect(sysCode(parseUserAgent(UA.electronMac), false)).toBe(SYS.mac);
    expect(sysCode(parseUserAgent(UA.pixel), false)).toBe(SYS.mobile);
    expect(sysCode(parseUserAgent(UA.chromeWin), false)).toBe(SYS.web);
  });
});
