import { describe, expect, it } from "vitest";
import { DEFAULT_APP_VERSION, SYS, TRACKING_LIB_VERSION } from "../../../protocol/tracking";
import { networkType, staticContext, type ContextInputs } from "./context";

const inputs: ContextInputs = {
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  inNativeApp: false,
  deviceId: "d".repeat(32),
  landing: {
    sessionId: "1700000000000-42",
    pfb: "p",
    channel: "ads",
    qrVal: "q1",
    sourceReferer: "https://search.example/",
    sourceTarget: "https://www.example.com/?channel=ads",
  },
  firstVisit: 1_700_000_000_000,
  screen: { width: 1920.4, height: 1080 },
  timezoneOffset: -480,
  host: "www.example.com",
  logEnv: "online",
  appVersion: undefined,
};

describe("static context", () => {
  it("fills every context field of docs/product.md from the browser", () => {
    expect(staticContext(inputs)).toEqual({
      app_id: "mix_web",
      app_name: "Mix Exchange Web",
      ver: DEFAULT_APP_VERSION,
      browser: "Chrome",
      browser_version: "126.0.0.0",
      session_id: "1700000000000-42",
      sys: SYS.web,
      os_version: "10.0",
      device_id: "d".repeat(32),
      manufacturer: "",
      brand: "",
      model: "",
      screen_width: 1920,
      screen_height: 1080,
      carrier: "",
      url_host: "www.example.com",
      lib_version: TRACKING_LIB_VERSION,
      timezone_offset: 480,
      channel: "ads",
      log_env: "online",
      qr_val: "q1",
      source_referer: "https://search.example/",
      source_target: "https://www.example.com/?channel=ads",
      first_visit_time: 1_700_000_000_000,
      user_agent: inputs.userAgent,
    });
    expect(TRACKING_LIB_VERSION).toBe("1.1.45");
    expect(DEFAULT_APP_VERSION).toBe("1.0.0");
  });

  it("uses the stored app version when there is one, and the app sys code in the app", () => {
    const c = staticContext({ ...inputs, appVersion: "2.3.4", inNativeApp: true, timezoneOffset: 0 });
    expect(c.ver).toBe("2.3.4");
    expect(c.sys).toBe(SYS.appH5);
    expect(Object.is(c.timezone_offset, 0)).toBe(true);
  });
});

describe("network type", () => {
  it("is none offline, else the connection type or its effective class", () => {
    expect(networkType({ onLine: false, connection: { type: "wifi" } })).toBe("none");
    expect(networkType({ onLine: true, connection: { type: "wifi", effectiveType: "4g" } })).toBe("wifi");
    expect(networkType({ onLine: true, connection: { type: "unknown", effectiveType: "3g" } })).toBe("3g");
    expect(networkType({ onLine: true })).toBe("unknown");
    expect(networkType(undefined)).toBe("unknown");
  });
});
