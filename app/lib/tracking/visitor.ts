import { TRACKING_LIMITS, TRACKING_QUERY } from "../../../protocol/tracking";
import { readItem, writeItem, type StorageLike } from "./storage";

/** Storage keys of the visitor and the tab session (docs/decisions/400). */
export const VISITOR_KEYS = {
  firstVisit: "mixtrk:first",
  session: "mixtrk:session",
} as const;

/** What one tab session keeps from its landing page (session storage: it survives reloads). */
export interface Landing {
  /** `<start ms>-<random 0…100>`, docs/product.md. */
  sessionId: string;
  pfb: string;
  channel: string;
  qrVal: string;
  /** The referrer and address the session arrived with. */
  sourceReferer: string;
  sourceTarget: string;
}

const cap = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

function parseLanding(raw: string | null): Landing | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<Landing>;
    if (typeof v.sessionId !== "string" || !v.sessionId) return undefined;
    return {
      sessionId: v.sessionId,
      pfb: String(v.pfb ?? ""),
      channel: String(v.channel ?? ""),
      qrVal: String(v.qrVal ?? ""),
      sourceReferer: String(v.sourceReferer ?? ""),
      sourceTarget: String(v.sourceTarget ?? ""),
    };
  } catch {
    return undefined;
  }
}

/**
 * The tab session: kept across reloads; a new tab starts a new one. Query parameters of the
 * current address (pfb, channel, qr_val) replace the remembered ones when present.
 */
export function sessionLanding(
  session: StorageLike | undefined,
  href: string,
  referrer: string,
  now: number,
  random: () => number,
): Landing {
  const query = new URL(href).searchParams;
  const stored = parseLanding(readItem(session, VISITOR_KEYS.session));
  const rand = Math.floor(random() * (TRACKING_LIMITS.sessionRandomMax + 1));
  const landing: Landing = stored ?? {
    sessionId: `${now}-${Math.min(rand, TRACKING_LIMITS.sessionRandomMax)}`,
    pfb: "",
    channel: "",
    qrVal: "",
    sourceReferer: cap(referrer, 2048),
    sourceTarget: cap(href, 2048),
  };
  const pick = (name: string, old: string) => cap(query.get(name) ?? old, 64);
  const next: Landing = {
    ...landing,
    pfb: pick(TRACKING_QUERY.pfb, landing.pfb),
    channel: pick(TRACKING_QUERY.channel, landing.channel),
    qrVal: pick(TRACKING_QUERY.qrVal, landing.qrVal),
  };
  writeItem(session, VISITOR_KEYS.session, JSON.stringify(next));
  return next;
}

/** The first visit time of this browser: written once, read ever after. */
export function firstVisitTime(local: StorageLike | undefined, now: number): number {
  const stored = Number(readItem(local, VISITOR_KEYS.firstVisit));
  if (Number.isSafeInteger(stored) && stored > 0 && stored <= now) return stored;
  writeItem(local, VISITOR_KEYS.firstVisit, String(now));
  return now;
}

/** docs/product.md `first_day`: the first visit was less than 24 hours ago. */
export function isFirstDay(firstVisit: number, now: number): boolean {
  return now - firstVisit < TRACKING_LIMITS.firstDayMs;
}
