import { describe, expect, it } from "vitest";
import { LOCAL_AREAS, localArea } from "./local-store";
import { LOCAL_PREF_DEFAULTS, localPrefs } from "./local-prefs";

/** A Storage stand-in; `broken` makes every call throw as blocked storage does. */
function fakeStorage(broken = false): Storage {
  const data = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException("blocked", "SecurityError");
  };
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (guard(), data.get(k) ?? null),
    setItem: (k, v) => (guard(), void data.set(k, String(v))),
    removeItem: (k) => (guard(), void data.delete(k)),
  };
}

describe("local preferences", () => {
  it("has every default of docs/product.md", () => {
    expect(LOCAL_PREF_DEFAULTS).toEqual({
      changeModeWithoutDialog: false,
      globalLocale: "en",
      globalTheme: "white",
      appVersion: "",
      terminalCode: "",
      klineInterval: "1",
      skipGuide: false,
      hideReverseTip: false,
      hideTpslTip: false,
      hidePreTpslTip: false,
      positionFilterMargin: "all",
      tradeUnit: "coin",
      futuresTradeUnit: "coin",
      positionKlineMark: true,
      entrustKlineMark: true,
      planKlineMark: true,
      moveKlineMarkTip: true,
      klineStudies: ["vol", "ma"],
      klineView: "candles",
      riseColor: "green",
      topDownloadBanner: true,
      globalUserId: "",
      lastLoginUserId: "",
      fiatName: "",
      favoriteSymbols: [],
      favoriteContracts: [],
      skipOrderConfirm: false,
      tradeLayout: { book: 300, account: 220, hidden: [] },
      hideSmallAssets: false,
      walletChains: "",
    });
  });

  it("reads defaults from empty storage and keeps what is set", () => {
    const storage = fakeStorage();
    const prefs = localPrefs(localArea("common", () => storage));
    expect(prefs.get("klineInterval")).toBe("1");
    prefs.set("klineInterval", "15");
    prefs.set("globalTheme", "black");
    prefs.set("skipGuide", true);
    expect([prefs.get("klineInterval"), prefs.get("globalTheme"), prefs.get("skipGuide")]).toEqual(["15", "black", true]);
    expect(storage.getItem("common:globalTheme")).toBe("black");
    prefs.reset("globalTheme");
    expect(prefs.get("globalTheme")).toBe("white");
  });

  it("keeps the chart's studies as a set in a fixed order; none at all is a choice too", () => {
    const storage = fakeStorage();
    const prefs = localPrefs(localArea("common", () => storage));
    prefs.set("klineStudies", ["macd", "boll"]);
    expect(storage.getItem("common:klineStudies")).toBe("macd,boll");
    expect(prefs.get("klineStudies")).toEqual(["boll", "macd"]);
    prefs.set("klineStudies", []);
    expect(prefs.get("klineStudies")).toEqual([]);
    storage.setItem("common:klineStudies", "rsi,rsi,vol");
    expect(prefs.get("klineStudies")).toEqual(["vol", "rsi"]);
  });

  it.each([
    ["globalTheme", "purple"],
    ["globalLocale", "xx"],
    ["skipGuide", "yes"],
    ["klineInterval", "7"],
    ["globalUserId", "<script>"],
    ["fiatName", "usd"],
    ["terminalCode", "zz"],
    ["tradeUnit", ""],
    ["klineStudies", "ma,stoch"],
    ["klineStudies", "MA"],
    ["klineView", "heatmap"],
    ["riseColor", "blue"],
    ["skipOrderConfirm", "1"],
  ] as const)("a corrupt %s reads as its default", (key, raw) => {
    const storage = fakeStorage();
    storage.setItem(`common:${key}`, raw);
    expect(localPrefs(localArea("common", () => storage)).get(key)).toEqual(LOCAL_PREF_DEFAULTS[key]);
  });

  it("normalises the locale's spelling", () => {
    const storage = fakeStorage();
    storage.setItem("common:globalLocale", "zh-cn");
    expect(localPrefs(localArea("common", () => storage)).get("globalLocale")).toBe("zh-CN");
  });

  it("blocked storage neither throws nor forgets within the page", () => {
    const prefs = localPrefs(localArea("earn", () => fakeStorage(true)));
    expect(prefs.get("topDownloadBanner")).toBe(true);
    prefs.set("topDownloadBanner", false);
    expect(prefs.get("topDownloadBanner")).toBe(false);
  });

  it("areas do not collide", () => {
    const storage = fakeStorage();
    localArea("copy", () => storage).set("x", "1");
    expect(localArea("earn", () => storage).get("x")).toBeUndefined();
    // Pinned here, not read from the module: renaming an area would orphan what browsers stored under it.
    expect(LOCAL_AREAS).toEqual("common separation mix copy community activity earn microAxios microMd5 webSdk Web3".split(" "));
  });
});

describe("favourite markets", () => {
  it("are stored as a comma list and read back cleaned", () => {
    const storage = new Map<string, string>();
    const area = localArea(
      "common",
      () =>
        ({
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => void storage.set(k, v),
          removeItem: (k: string) => void storage.delete(k),
        }) as unknown as Storage,
    );
    const prefs = localPrefs(area);
    prefs.set("favoriteSymbols", ["BTCUSDT", "ETHUSDT"]);
    expect(storage.get("common:favoriteSymbols")).toBe("BTCUSDT,ETHUSDT");
    storage.set("common:favoriteSymbols", "solusdt,<img>,SOLUSDT");
    expect(prefs.get("favoriteSymbols")).toEqual(["SOLUSDT"]);
  });
});
