import { serialize as serializeCookie } from "cookie";
import { TRACKING_LIMITS } from "../../../protocol/tracking";
import { TERMINAL_CODE_KEYS, type TerminalCodeStorage } from "~/lib/http/device-identity";
import { cookieValue, readItem, writeItem, type CookieJar, type StorageLike } from "./storage";

const VALID = /^[0-9a-f]{32}$/;
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface TerminalCodeOptions {
  local: StorageLike | undefined;
  cookies: CookieJar;
  /** Where this client keeps the code; the other place is only read (an older client's copy). */
  storageType: TerminalCodeStorage;
  create(): string;
  wait(ms: number): Promise<void>;
}

/**
 * Settles the terminal code the uploads carry. When the two places disagree, or the code is
 * missing, another tab (or the page's own first call) may be writing one at this moment: wait
 * docs/product.md's 1000 ms and read again before taking one, so tabs converge on a single code.
 */
export async function settleTerminalCode(opts: TerminalCodeOptions): Promise<string> {
  const fromLocal = () => {
    const v = readItem(opts.local, TERMINAL_CODE_KEYS.local);
    return v && VALID.test(v) ? v : undefined;
  };
  const fromCookie = () => {
    const v = cookieValue(opts.cookies.read(), TERMINAL_CODE_KEYS.cookie);
    return v && VALID.test(v) ? v : undefined;
  };
  const [primary, secondary] = opts.storageType === "cookie" ? [fromCookie, fromLocal] : [fromLocal, fromCookie];
  const keep = (code: string) => {
    if (opts.storageType === "cookie") {
      opts.cookies.write(serializeCookie(TERMINAL_CODE_KEYS.cookie, code, { path: "/", maxAge: COOKIE_MAX_AGE_S, sameSite: "lax" }));
    } else {
      writeItem(opts.local, TERMINAL_CODE_KEYS.local, code);
    }
    return code;
  };

  const first = primary();
  const other = secondary();
  if (first && (!other || other === first)) return first;

  await opts.wait(TRACKING_LIMITS.conflictWaitMs);
  const settled = primary();
  if (settled) return settled;
  const fallback = secondary();
  return keep(fallback ?? opts.create());
}
