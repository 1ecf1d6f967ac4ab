import { z } from "zod";
import { checkLink, type LinkPolicy } from "~/lib/links/link-policy";

/**
 * The app links of `/download` (docs/decisions/714), from the operator's environment:
 * DOWNLOAD_IOS_URL, DOWNLOAD_ANDROID_URL, DOWNLOAD_APK_URL. A link that is not set is not shown;
 * one the link allow-list refuses (docs/decisions/600: LINK_ADDRESSES must list the store) is
 * left out with a warning, once, as the click guard would refuse it anyway.
 */
export const APP_LINK_KINDS = ["ios", "android", "apk"] as const;
export type AppLinkKind = (typeof APP_LINK_KINDS)[number];

const ENV_NAMES: Record<AppLinkKind, string> = { ios: "DOWNLOAD_IOS_URL", android: "DOWNLOAD_ANDROID_URL", apk: "DOWNLOAD_APK_URL" };
const Value = z.string().trim().min(1).max(2048).optional();

export interface AppLink {
  kind: AppLinkKind;
  /** What the link opens: the allowed, normalised address (relative for this site's own). */
  href: string;
  /** What the QR code holds: an absolute address. */
  qr: string;
}

const warned = new Set<string>();

export function downloadLinks(policy: LinkPolicy, publicOrigin: string, env: Record<string, string | undefined> = process.env): AppLink[] {
  return APP_LINK_KINDS.flatMap((kind) => {
    const name = ENV_NAMES[kind];
    const parsed = Value.safeParse(env[name] || undefined);
    const value = parsed.success ? parsed.data : undefined;
    if (!value) return [];
    const verdict = checkLink(value, policy);
    if (!verdict.allowed || verdict.kind === "scheme" || verdict.href === "" || verdict.href.startsWith("#")) {
      if (!warned.has(name))
        console.warn(`[download] ${name} is not shown: ${verdict.allowed ? "not a page or file address" : verdict.reason}`);
      warned.add(name);
      return [];
    }
    const qr = verdict.kind === "site" ? new URL(verdict.href, publicOrigin || "http://localhost").href : verdict.href;
    return [{ kind, href: verdict.href, qr }];
  });
}
