import { describe, expect, it } from "vitest";
import { CookieLocks, LOCK_COOKIE_PREFIX, LOCK_TTL_MS } from "./cookie-lock";
import { memoryCookieJar } from "./storage";

function world() {
  let t = 1_000_000;
  const jar = memoryCookieJar(() => t);
  let onWait: () => void = () => undefined;
  const tab = (holder: string) => new CookieLocks({ cookies: jar, holder, now: () => t, wait: async () => onWait() });
  return { jar, tab, advance: (ms: number) => (t += ms), duringWait: (fn: () => void) => (onWait = fn) };
}

describe("cookie locks", () => {
  it("give a free queue to one tab, and to the next once released", async () => {
    const w = world();
    const a = w.tab("A");
    const b = w.tab("B");
    const lock = await a.acquire("q1");
    expect(lock).toBeDefined();
    await expect(b.acquire("q1")).resolves.toBeUndefined();
    lock!.release();
    expect(w.jar.count(LOCK_COOKIE_PREFIX)).toBe(0);
    await expect(b.acquire("q1")).resolves.toBeDefined();
  });

  it("lose to a claim written during the settle delay (Fischer's rule)", async () => {
    const w = world();
    const a = w.tab("A");
    // B saw the lock free at the same moment and wrote its claim while A waited.
    w.duringWait(() => w.jar.write(`${LOCK_COOKIE_PREFIX}q1=B~${Date.now() + LOCK_TTL_MS * 1000}`));
    await expect(a.acquire("q1")).resolves.toBeUndefined();
  });

  it("free themselves when the holder dies", async () => {
    const w = world();
    await w.tab("A").acquire("q1");
    w.advance(LOCK_TTL_MS + 1);
    await expect(w.tab("B").acquire("q1")).resolves.toBeDefined();
  });

  it("never leave more than 10 lock cookies", async () => {
    const w = world();
    const held = [];
    for (let i = 0; i < 12; i++) held.push(await w.tab(`T${i}`).acquire(`q${i}`));
    expect(held.filter(Boolean)).toHaveLength(10);
    expect(w.jar.count(LOCK_COOKIE_PREFIX)).toBe(10);
    held[0]!.release();
    await expect(w.tab("T11").acquire("q11")).resolves.toBeDefined();
  });

  it("step back when two tabs took the tenth slot at once", async () => {
    const w = world();
    for (let i = 0; i < 9; i++) await w.tab(`T${i}`).acquire(`q${i}`);
    w.duringWait(() => w.jar.write(`${LOCK_COOKIE_PREFIX}other=Z~${1_000_000 + LOCK_TTL_MS}; max-age=30`));
    await expect(w.tab("A").acquire("mine")).resolves.toBeUndefined();
    expect(w.jar.read()).not.toContain(`${LOCK_COOKIE_PREFIX}mine=`);
  });

  it("release only their own claim", async () => {
    const w = world();
    const lock = await w.tab("A").acquire("q1");
    w.advance(LOCK_TTL_MS + 1);
    await w.tab("B").acquire("q1");
    lock!.release();
    await expect(w.tab("C").acquire("q1")).resolves.toBeUndefined();
  });
});
