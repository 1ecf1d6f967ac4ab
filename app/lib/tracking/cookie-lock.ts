import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { TRACKING_LIMITS } from "../../../protocol/tracking";
import type { CookieJar } from "./storage";

/** Name prefix of the lock cookies; the locked queue's document id follows. */
export const LOCK_COOKIE_PREFIX = "mixtrk_lk_";
/** A holder that died mid-upload frees its lock after this (longer than an upload's timeout). */
export const LOCK_TTL_MS = 30_000;
/**
 * Fischer's delay: after writing its claim a tab waits this long and reads it back. Claiming is
 * one synchronous task (read, then write), so a competitor that saw the lock free has written its
 * own claim long before the delay ends; whoever's claim is read back holds the lock.
 */
export const LOCK_SETTLE_MS = 50;

export interface Lock {
  readonly resource: string;
  /** Frees the lock if this holder still has it. */
  release(): void;
}

export interface CookieLocksOptions {
  cookies: CookieJar;
  holder: string;
  now: () => number;
  wait: (ms: number) => Promise<void>;
}

interface Claim {
  holder: string;
  expires: number;
}

function claims(cookies: string, now: number): Map<string, Claim> {
  const out = new Map<string, Claim>();
  for (const [name, value = ""] of Object.entries(parseCookie(cookies))) {
    if (!name.startsWith(LOCK_COOKIE_PREFIX)) continue;
    const [holder = "", expires = "0"] = value.split("~");
    const claim = { holder, expires: Number(expires) };
    if (claim.expires > now) out.set(name.slice(LOCK_COOKIE_PREFIX.length), claim);
  }
  return out;
}

/**
 * Cross-tab mutual exclusion on cookies (docs/decisions/402): document.cookie is shared by every
 * tab of the origin at once, works without a secure context, and a dead holder's claim expires on
 * its own. At most docs/product.md's 10 lock cookies exist at a time, so request headers stay small.
 */
export class CookieLocks {
  constructor(private readonly opts: CookieLocksOptions) {}

  /** Number of live lock cookies (any holder). */
  active(): number {
    return claims(this.opts.cookies.read(), this.opts.now()).size;
  }

  async acquire(resource: string): Promise<Lock | undefined> {
    const { cookies, holder, now } = this.opts;
    const before = claims(cookies.read(), now());
    const current = before.get(resource);
    if (current && current.holder !== holder) return undefined;
    if (!current && before.size >= TRACKING_LIMITS.maxLockCookies) return undefined;
    this.write(resource, `${holder}~${now() + LOCK_TTL_MS}`, Math.ceil(LOCK_TTL_MS / 1000));
    await this.opts.wait(LOCK_SETTLE_MS);
    const seen = claims(cookies.read(), now());
    if (seen.get(resource)?.holder !== holder) return undefined;
    // Two tabs claiming the tenth slot at once: both step back and try again later.
    if (!current && seen.size > TRACKING_LIMITS.maxLockCookies) {
      this.write(resource, "", 0);
      return undefined;
    }
    return {
      resource,
      release: () => {
        if (claims(cookies.read(), now()).get(resource)?.holder === holder) this.write(resource, "", 0);
      },
    };
  }

  private write(resource: string, value: string, maxAgeS: number): void {
    this.opts.cookies.write(serializeCookie(`${LOCK_COOKIE_PREFIX}${resource}`, value, { path: "/", maxAge: maxAgeS, sameSite: "strict" }));
  }
}
