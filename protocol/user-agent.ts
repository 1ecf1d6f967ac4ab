import { SYS, TRACKING_LIMITS, type SysCode } from "./tracking.ts";

export type OsName = "ios" | "android" | "windows" | "mac" | "linux" | "chromeos" | "unknown";

export interface UaInfo {
  /** The user agent cut to docs/product.md's 255 characters. */
  userAgent: string;
  browser: string;
  browserVersion: string;
  os: OsName;
  osVersion: string;
  manufacturer: string;
  brand: string;
  model: string;
  mobile: boolean;
  /** The desktop apps are an Electron shell that names itself in the user agent. */
  desktopApp: boolean;
}

/** First match wins: more specific engines (Edge, Opera, Samsung) before the ones they copy. */
const BROWSERS: ReadonlyArray<[string, RegExp]> = [
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /(?:OPR|Opera)\/([\d.]+)/],
  ["Samsung Internet", /SamsungBrowser\/([\d.]+)/],
  ["WeChat", /MicroMessenger\/([\d.]+)/],
  ["Telegram", /Telegram(?:Bot|-Android)?\/([\d.]+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
  ["Chrome", /(?:Chrome|CriOS|Chromium)\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari\//],
  ["IE", /(?:MSIE |Trident\/.*rv:)([\d.]+)/],
];

const BRANDS: ReadonlyArray<[string, RegExp]> = [
  ["Samsung", /^(?:SM-|GT-|SAMSUNG)/i],
  ["Google", /^Pixel/i],
  ["Xiaomi", /^(?:Mi |MI |Redmi|POCO|M\d{4}|2\d{3}[A-Z0-9]+)/],
  ["Huawei", /^(?:HUAWEI|[A-Z]{3}-(?:AL|L|TL|LX)\d)/],
  ["OnePlus", /^(?:ONEPLUS|[A-Z]{2}\d{4})/],
  ["OPPO", /^(?:OPPO|CPH\d)/],
  ["vivo", /^(?:vivo|V\d{4})/i],
  ["Motorola", /^(?:moto|XT\d)/i],
  ["Sony", /^(?:Sony|SO-|XQ-)/i],
  ["Nokia", /^Nokia/i],
];

function osOf(ua: string): { os: OsName; osVersion: string } {
  const ios = /(?:iPhone|iPad|iPod)[^)]*OS ([\d_]+)/.exec(ua);
  if (ios) return { os: "ios", osVersion: ios[1]!.replace(/_/g, ".") };
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return { os: "android", osVersion: android[1]! };
  if (/Android/.test(ua)) return { os: "android", osVersion: "" };
  const win = /Windows NT ([\d.]+)/.exec(ua);
  if (win) return { os: "windows", osVersion: win[1]! };
  const mac = /Mac OS X ([\d_.]+)/.exec(ua);
  if (mac) return { os: "mac", osVersion: mac[1]!.replace(/_/g, ".") };
  if (/CrOS/.test(ua)) return { os: "chromeos", osVersion: /CrOS \S+ ([\d.]+)/.exec(ua)?.[1] ?? "" };
  if (/Linux/.test(ua)) return { os: "linux", osVersion: "" };
  return { os: "unknown", osVersion: "" };
}

function deviceOf(ua: string, os: OsName): { manufacturer: string; brand: string; model: string } {
  if (os === "ios" || os === "mac") {
    const model = /\((iPhone|iPad|iPod|Macintosh)/.exec(ua)?.[1] ?? "";
    return { manufacturer: "Apple", brand: "Apple", model };
  }
  if (os !== "android") return { manufacturer: "", brand: "", model: "" };
  // "…; Android 14; SM-S918B Build/UP1A…)" or "…; Android 14; Pixel 8)"
  const model = /Android [^;)]*;(?: [a-z]{2}[-_][a-zA-Z]{2};)? ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(ua)?.[1]?.trim() ?? "";
  const brand = BRANDS.find(([, re]) => re.test(model))?.[0] ?? "";
  return { manufacturer: brand, brand, model: model === "K" ? "" : model };
}

/** Browser, OS and device from a user agent string (no client hints: they are async and Chromium-only). */
export function parseUserAgent(rawUa: string): UaInfo {
  const ua = rawUa.slice(0, TRACKING_LIMITS.userAgentMax);
  let browser = "";
  let browserVersion = "";
  for (const [name, re] of BROWSERS) {
    const m = re.exec(rawUa);
    if (m) {
      browser = name;
      browserVersion = m[1] ?? "";
      break;
    }
  }
  const { os, osVersion } = osOf(rawUa);
  return {
    userAgent: ua,
    browser,
    browserVersion,
    os,
    osVersion,
    ...deviceOf(rawUa, os),
    mobile: os === "ios" || os === "android" || /Mobile/.test(rawUa),
    desktopApp: /Electron\//.test(rawUa),
  };
}

/**
 * `sys` of docs/product.md: inside the native app 5 (app H5); the desktop apps 6 on Windows and 7 on
 * a Mac; a mobile browser 4; else 3.
 */
export function sysCode(info: UaInfo, inNativeApp: boolean): SysCode {
  if (inNativeApp) return SYS.appH5;
  if (info.desktopApp) {
    if (info.os === "windows") return SYS.windows;
    if (info.os === "mac") return SYS.mac;
  }
  return info.mobile ? SYS.mobile : SYS.web;
}
