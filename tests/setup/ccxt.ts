/**
 * The unmodified ccxt library (pinned dev dependency) as a bot author configures it, pointed at a
 * web server under test (docs/decisions/308). It starts nothing: a test file brings its own web
 * server (webForSuite) and keys (makeKey). Every call the suite makes through a client is counted
 * and the counts are printed after the file; the counting is a Proxy that forwards each call to
 * the real instance unchanged.
 */
import ccxt, { type Exchange } from "ccxt";
import { afterAll } from "vitest";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey, Permission } from "../../gateway/security/api-keys.ts";
import type { SuiteServer } from "./suite.ts";
import { openFutures } from "./futures.ts";

export type Mode = "live" | "demo";
/** The two environments every applicable case runs in: live, and demo trading (`setSandboxMode(true)`). */
export const MODES: Mode[] = ["live", "demo"];

export const SPOT = "BTC/USDT";
export const SWAP = "BTC/USDT:USDT";

/** ccxt's bitget (ccxt.pro, so REST and streams share one instance). */
export type Bitget = InstanceType<typeof ccxt.pro.bitget>;

/** What the test's wait for a stream saw when it gave up. */
export class StreamTimeout extends Error {}

/**
 * A ccxt.pro bitget configured as a bot author would for a self-hosted Bitget: every REST base is
 * the web origin, the v2 stream addresses are its `/v2/ws/*` (demo: the same with `?paptrading=1`,
 * which is what `urls.api.demo` is for), `loadHttpProxyAgent()` for plain `ws://`, and
 * `setSandboxMode(true)` for demo. No rate limiter: the server runs without its limits.
 */
export async function configuredBitget(webUrl: string, key: NewApiKey, demo: boolean): Promise<Bitget> {
  const ex = new ccxt.pro.bitget({ apiKey: key.apiKey, secret: key.secretKey, password: key.passphrase, enableRateLimit: false });
  const api = ex.urls.api as Record<string, unknown>;
  for (const k of Object.keys(api)) if (typeof api[k] === "string") api[k] = webUrl;
  const ws = webUrl.replace(/^http/, "ws");
  const streams = (q: string) => ({
    public: `${ws}/v2/ws/public${q}`,
    private: `${ws}/v2/ws/private${q}`,
    utaPublic: `${ws}/v3/ws/public${q}`,
    utaPrivate: `${ws}/v3/ws/private${q}`,
  });
  api.ws = streams("");
  api.demo = streams("?paptrading=1");
  await ex.loadHttpProxyAgent();
  if (demo) ex.setSandboxMode(true);
  return ex;
}

/** Names counted as calls: ccxt's unified methods (its `has` table) and the loaders a bot calls itself. */
function countable(ex: Exchange): Set<string> {
  return new Set([...Object.keys(ex.has), "loadMarkets", "fetchPositionHistory", "fetchCurrenciesWs", "fetchDepositWithdrawFee"]);
}

/** `ex` seen through a Proxy that counts each call of a unified method and forwards it untouched (same `this`, same arguments). */
function counted(ex: Bitget, counts: Map<string, number>): Bitget {
  const names = countable(ex as unknown as Exchange);
  return new Proxy(ex, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== "string" || typeof v !== "function" || !names.has(prop)) return v;
      return (...args: unknown[]) => {
        counts.set(prop, (counts.get(prop) ?? 0) + 1);
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export interface CcxtSuite {
  /** Calls made through this file's clients, by method. */
  readonly counts: Map<string, number>;
  /**
   * A counted client for `mode` with a key of `userId` (made now in the server's database; default
   * read+trade). A key that may trade opens the account's futures first, as its owner would on the
   * futures screen (docs/decisions/351), so the client trades swaps like any opened account.
   */
  client(mode: Mode, userId: string, permissions?: Permission[]): Promise<Bitget>;
  /** A counted client for `mode` with a key made elsewhere (e.g. through the accounts API). */
  clientWithKey(mode: Mode, key: NewApiKey): Promise<Bitget>;
}

/**
 * The ccxt clients of one test file against `web`. Call it after webForSuite so that its afterAll
 * (closing the clients' streams, printing the count) runs before the server stops.
 */
export function ccxtForSuite(file: string, web: SuiteServer): CcxtSuite {
  const counts = new Map<string, number>();
  const made: Bitget[] = [];
  afterAll(async () => {
    await Promise.allSettled(made.map((e) => e.close()));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const by = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}×${n}`);
    console.info(`ccxt ${file}: ${total} calls of ${counts.size} methods: ${by.join(" ")}`);
  });
  const clientWithKey = async (mode: Mode, key: NewApiKey) => {
    const ex = await configuredBitget(web.url, key, mode === "demo");
    made.push(ex);
    return counted(ex, counts);
  };
  return {
    counts,
    clientWithKey,
    client: async (mode, userId, permissions) => {
      const key = makeKey(web.dir, userId, permissions);
      if (!permissions || permissions.includes("trade")) await openFutures(new Client(web.url, key));
      return clientWithKey(mode, key);
    },
  };
}

/** Resolves with `p`, or rejects with StreamTimeout after `ms`; a later rejection of `p` is not left unhandled. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  p.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, rej) => {
        timer = setTimeout(() => rej(new StreamTimeout(`no ${what} within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches with `watch` (a ccxt.pro watch method), does `act` once the subscription has been sent,
 * and returns the first update (ccxt's newUpdates) for which `ok` holds, judged once `act` is done
 * (so `ok` may name what `act` made). The watch is re-armed as soon as an update arrives, so no
 * push falls between two calls; the snapshot a subscription starts with counts too, so an effect
 * that lands before the subscription is still seen. Fails with what was seen when nothing matches
 * within `ms`.
 */
export async function watchFor<T>(
  watch: () => Promise<T>,
  ok: (v: T) => boolean,
  act: () => Promise<unknown> = async () => undefined,
  ms = 10_000,
  what = "matching stream update",
): Promise<T> {
  const end = Date.now() + ms;
  const seen: T[] = [];
  let p = watch();
  p.catch(() => undefined);
  // the subscribe frame leaves on this tick; the action's HTTP request after it
  const acted = new Promise((r) => setImmediate(r)).then(act);
  acted.catch(() => undefined);
  for (;;) {
    let v: T;
    try {
      v = await within(p, Math.max(end - Date.now(), 1), what);
    } catch (e) {
      if (e instanceof StreamTimeout) throw new StreamTimeout(`${e.message}; saw ${JSON.stringify(seen).slice(0, 1500)}`);
      throw e;
    }
    p = watch();
    p.catch(() => undefined);
    seen.push(v);
    await acted;
    const hit = seen.find(ok);
    if (hit !== undefined) return hit;
  }
}

/** The free amount of `coin` in a ccxt balance (0 when absent). */
export function free(b: object, coin: string): number {
  return Number((b as { free?: Record<string, number | undefined> }).free?.[coin] ?? 0);
}

/** The total amount of `coin` in a ccxt balance (0 when absent). */
export function total(b: object, coin: string): number {
  return Number((b as { total?: Record<string, number | undefined> }).total?.[coin] ?? 0);
}
