import { describe, expect, it } from "vitest";
import { EVENT_CODES, type EventInput } from "../../protocol/events.ts";
import { MIGRATIONS } from "../db/migrations.ts";
import { tempDatabaseEachTest } from "../db/testing.ts";
import { GatewayError } from "../envelope.ts";
import { EVENT_MIGRATIONS } from "./migrations.ts";
import { OperatorAuth, operatorSignature } from "./operator-auth.ts";
import type { PaperLedger } from "./paper-ledger.ts";
import { seedEvents, SEED_SLUG } from "./seed.ts";
import { EventService, publicName } from "./service.ts";
import { EventStore } from "./store.ts";

const t = tempDatabaseEachTest("mix-events-", [...MIGRATIONS, ...EVENT_MIGRATIONS]);
const U = 100_000_000n; // one USDT in ledger units
const T0 = Date.UTC(2026, 5, 1);

/** A ledger whose equities and outside moves the test sets by hand. */
function fakeLedger() {
  const equity = new Map<string, bigint>();
  const moved = new Set<string>();
  const opened: string[] = [];
  const valuedAt: Array<number | undefined> = [];
  const ledger: PaperLedger = {
    async open(userId) {
      opened.push(userId);
      if (!equity.has(userId)) equity.set(userId, 1000n * U);
    },
    equity: (userId, at) => {
      valuedAt.push(at);
      return equity.get(userId) ?? 0n;
    },
    movedOutsideTrading: (userId) => moved.has(userId),
  };
  return { ledger, equity, moved, opened, valuedAt };
}

function setup(opts: { users?: Record<string, { nickName: string; subAccount: boolean }>; demoLeads?: string[] } = {}) {
  const clock = { now: T0 };
  const f = fakeLedger();
  const users = opts.users ?? {
    u1: { nickName: "alice", subAccount: false },
    u2: { nickName: "", subAccount: false },
    u3: { nickName: "carol", subAccount: false },
    sub: { nickName: "sub", subAccount: true },
  };
  const store = new EventStore(t.db);
  const leads = new Set(opts.demoLeads ?? []);
  const svc = new EventService({
    store,
    ledger: f.ledger,
    entrants: { of: (id) => users[id] },
    now: () => clock.now,
    demoLead: (id) => leads.has(id),
  });
  return { svc, store, clock, ...f };
}

const cup = (over: Partial<EventInput> = {}): EventInput => ({
  slug: "spring-cup",
  kind: "trading-competition",
  startsAt: T0 - 60_000,
  endsAt: T0 + 3600_000,
  image: "",
  texts: {
    en: { title: "Spring cup", summary: "Trade", rulesHtml: "<p>Rules</p>" },
    de: { title: "Frühlingscup", summary: "Handeln", rulesHtml: "" },
  },
  ...over,
});

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<GatewayError> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("event content", () => {
  it("computes the state from the clock and falls back to English texts", () => {
    const { svc, clock } = setup();
    svc.create(cup({ startsAt: T0 + 1000 }));
    expect(svc.detail("spring-cup", "de")).toMatchObject({ state: "upcoming", title: "Frühlingscup", lang: "de", locales: ["de", "en"] });
    expect(svc.detail("spring-cup", "ja")).toMatchObject({ title: "Spring cup", lang: "en", rulesHtml: "<p>Rules</p>" });
    clock.now = T0 + 1000;
    expect(svc.detail("spring-cup", "en").state).toBe("live");
    clock.now = T0 + 3600_000;
    expect(svc.detail("spring-cup", "en").state).toBe("ended");
  });

  it("lists live events first, then upcoming, then ended", () => {
    const { svc } = setup();
    svc.create(cup({ slug: "old-cup", startsAt: T0 - 7200_000, endsAt: T0 - 3600_000 }));
    svc.create(cup({ slug: "next-cup", startsAt: T0 + 3600_000, endsAt: T0 + 7200_000 }));
    svc.create(cup({ slug: "now-cup" }));
    expect(svc.list("en").map((e) => [e.slug, e.state])).toEqual([
      ["now-cup", "live"],
      ["next-cup", "upcoming"],
      ["old-cup", "ended"],
    ]);
  });

  it.each([
    ["an upper-case slug", { slug: "Spring-Cup" }],
    ["a slug with a double hyphen", { slug: "spring--cup" }],
    ["a slug with a slash", { slug: "spring/cup" }],
    ["a too short slug", { slug: "ab" }],
    ["a huge slug", { slug: "a".repeat(65) }],
    ["an end before the start", { endsAt: T0 - 120_000 }],
    ["a window over a year", { endsAt: T0 + 400 * 24 * 3600_000 }],
    ["a date in seconds", { startsAt: Math.floor(T0 / 1000) }],
    ["a fractional date", { startsAt: T0 + 0.5 }],
    ["a javascript: image", { image: "javascript:alert(1)" }],
    ["a protocol-relative image", { image: "//evil.example/x.png" }],
    ["an http image", { image: "http://img.example/x.png" }],
    ["an image with credentials", { image: "https://user:pw@img.example/x.png" }],
    ["no English texts", { texts: { de: { title: "Cup", summary: "", rulesHtml: "" } } }],
    [
      "an unknown locale",
      { texts: { en: { title: "Cup", summary: "", rulesHtml: "" }, xx: { title: "Cup", summary: "", rulesHtml: "" } } },
    ],
    ["a locale in another casing", { texts: { EN: { title: "Cup", summary: "", rulesHtml: "" } } }],
    ["an empty title", { texts: { en: { title: "   ", summary: "", rulesHtml: "" } } }],
    ["a title with a bidi override", { texts: { en: { title: "Cup\u202e", summary: "", rulesHtml: "" } } }],
    ["huge rules", { texts: { en: { title: "Cup", summary: "", rulesHtml: "x".repeat(40_000) } } }],
    ["an unknown kind", { kind: "lottery" }],
    ["an extra field", { owner: "me" }],
  ])("refuses %s with a clear parameter error", async (_name, over) => {
    const { svc } = setup();
    const err = await refusal(() => svc.create({ ...cup(), ...over } as EventInput));
    expect(err.code).toBe("40017");
    expect(err.status).toBe(400);
    expect(svc.list("en")).toEqual([]);
  });

  it("refuses a second event with the same slug", async () => {
    const { svc } = setup();
    svc.create(cup());
    expect((await refusal(() => svc.create(cup()))).code).toBe(EVENT_CODES.slugTaken);
  });

  it("keeps a competition's terms once someone enrolled, but lets texts and the end move", async () => {
    const { svc, clock } = setup();
    svc.create(cup());
    await svc.enrol("spring-cup", "u1");
    expect((await refusal(() => svc.update({ slug: "spring-cup", startsAt: T0 - 120_000 }))).code).toBe("40017");
    expect((await refusal(() => svc.update({ slug: "spring-cup", kind: "announcement" }))).code).toBe("40017");
    expect((await refusal(() => svc.update({ slug: "spring-cup", endsAt: T0 - 1 }))).code).toBe("40017");
    const r = svc.update({ slug: "spring-cup", endsAt: T0 + 7200_000, texts: { fr: { title: "Coupe", summary: "", rulesHtml: "" } } });
    expect(r.endsAt).toBe(T0 + 7200_000);
    expect(Object.keys(r.texts).sort()).toEqual(["de", "en", "fr"]);
    clock.now = T0 + 7200_000;
    svc.leaderboard("spring-cup", { by: "pnl", limit: 10 });
    expect((await refusal(() => svc.update({ slug: "spring-cup", endsAt: T0 + 9000_000 }))).code).toBe(EVENT_CODES.ended);
  });

  it("seeds the paper-trading cup once, live from the first start", () => {
    const { svc } = setup();
    svc.seed(seedEvents(T0 + 30_000));
    svc.seed(seedEvents(T0 + 30_000));
    const list = svc.list("ar");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ slug: SEED_SLUG, state: "live", kind: "trading-competition", lang: "ar" });
  });
});

describe("the competition", () => {
  it("enrols only while live, once, main accounts only, and not in an announcement", async () => {
    const { svc, clock, opened } = setup();
    svc.create(cup({ startsAt: T0 + 1000 }));
    svc.create(cup({ slug: "news", kind: "announcement", startsAt: T0 - 1000 }));
    expect((await refusal(svc.enrol("spring-cup", "u1"))).code).toBe(EVENT_CODES.notStarted);
    expect((await refusal(svc.enrol("news", "u1"))).code).toBe(EVENT_CODES.notEnrollable);
    clock.now = T0 + 1000;
    expect((await refusal(svc.enrol("spring-cup", "sub"))).code).toBe(EVENT_CODES.notEnrollable);
    expect((await refusal(svc.enrol("no-such-cup", "u1"))).status).toBe(404);
    expect(await svc.enrol("spring-cup", "u1")).toMatchObject({ startEquity: "1000.00" });
    expect((await refusal(svc.enrol("spring-cup", "u1"))).code).toBe(EVENT_CODES.alreadyEnrolled);
    expect(opened).toEqual(["u1"]);
    clock.now = T0 + 3600_000;
    expect((await refusal(svc.enrol("spring-cup", "u2"))).code).toBe(EVENT_CODES.ended);
  });

  it("ranks by PnL and by return, shows the caller's own row, and leaves out the disqualified", async () => {
    const { svc, equity, moved, clock } = setup();
    svc.create(cup());
    equity.set("u1", 1000n * U);
    equity.set("u2", 2000n * U);
    equity.set("u3", 500n * U);
    for (const u of ["u1", "u2", "u3"]) await svc.enrol("spring-cup", u);
    equity.set("u1", 1100n * U); // +100, +10%
    equity.set("u2", 2150n * U); // +150, +7.5%
    equity.set("u3", 450n * U); // -50, -10%
    clock.now += 5000;
    const byPnl = svc.leaderboard("spring-cup", { by: "pnl", limit: 10, userId: "u3" });
    expect(byPnl.list.map((s) => [s.rank, s.name, s.pnl, s.returnPct])).toEqual([
      [1, "u****", "150.00", "7.50"],
      [2, "al***e", "100.00", "10.00"],
      [3, "ca***l", "-50.00", "-10.00"],
    ]);
    expect(byPnl.me).toMatchObject({ rank: 3, pnl: "-50.00", disqualified: false });
    const byReturn = svc.leaderboard("spring-cup", { by: "return", limit: 2 });
    expect(byReturn.list.map((s) => s.name)).toEqual(["al***e", "u****"]);
    expect(byReturn.me).toBeUndefined();
    expect(byReturn.loggedIn).toBe(false);
    moved.add("u2");
    clock.now += 5000;
    const after = svc.leaderboard("spring-cup", { by: "pnl", limit: 10, userId: "u2" });
    expect(after.list.map((s) => s.name)).toEqual(["al***e", "ca***l"]);
    expect(after.me).toMatchObject({ rank: 0, disqualified: true });
  });

  it("names the copy profile of a participant who leads copy trading on demo, and no one else's", async () => {
    const { svc, equity } = setup({ demoLeads: ["u3"] });
    svc.create(cup());
    for (const u of ["u1", "u3"]) {
      equity.set(u, 1000n * U);
      await svc.enrol("spring-cup", u);
    }
    const board = svc.leaderboard("spring-cup", { by: "pnl", limit: 10 });
    expect(board.list.map((s) => [s.name, s.copyTraderId])).toEqual([
      ["al***e", undefined],
      ["ca***l", "u3"],
    ]);
  });

  it("freezes the final standings at the end: later trading changes nothing", async () => {
    const { svc, equity, clock } = setup();
    svc.create(cup());
    await svc.enrol("spring-cup", "u1");
    equity.set("u1", 1200n * U);
    clock.now = T0 + 3600_000;
    const final = svc.leaderboard("spring-cup", { by: "pnl", limit: 10, userId: "u1" });
    expect(final).toMatchObject({ state: "ended", final: true, me: { pnl: "200.00", rank: 1 } });
    equity.set("u1", 5n * U);
    clock.now += 3600_000;
    expect(svc.leaderboard("spring-cup", { by: "pnl", limit: 10, userId: "u1" }).me?.pnl).toBe("200.00");
    expect(svc.detail("spring-cup", "en").final).toBe(true);
  });

  it("after a stop across the end, freezes the results at start, valued at the minute the event ended", async () => {
    const { svc, store, clock, ledger, valuedAt } = setup();
    svc.create(cup());
    await svc.enrol("spring-cup", "u1");
    svc.stop();
    clock.now = T0 + 5 * 3600_000;
    valuedAt.length = 0;
    const restarted = new EventService({ store, ledger, entrants: { of: () => undefined }, now: () => clock.now });
    restarted.start();
    restarted.stop();
    expect(valuedAt).toEqual([T0 + 3600_000]);
    expect(store.bySlug("spring-cup")?.finalAt).toBe(T0 + 5 * 3600_000);
    expect(restarted.leaderboard("spring-cup", { by: "pnl", limit: 10 })).toMatchObject({ final: true, participants: 1 });
  });

  it("masks names: never more than the start and end of a nickname, else the user id", () => {
    expect(publicName("1234567890", "")).toBe("1234****90");
    expect(publicName("12345", "")).toBe("1****");
    expect(publicName("u", "bob")).toBe("b***");
    expect(publicName("u", "Ωmega")).toBe("Ωm***a");
  });
});

describe("operator signatures", () => {
  const secret = "s".repeat(40);
  const req = (over: { ts?: string; sign?: string; body?: string; url?: string; method?: string } = {}, now = T0) => {
    const ts = over.ts ?? String(now);
    const body = over.body ?? '{"a":1}';
    return {
      method: over.method ?? "POST",
      url: over.url ?? "/v1/mix/operator/events/create",
      headers: {
        "x-operator-timestamp": ts,
        "x-operator-sign": over.sign ?? operatorSignature(secret, ts, "POST", "/v1/mix/operator/events/create", '{"a":1}'),
      },
      rawBody: body,
    };
  };
  const codeOf = (fn: () => void) => {
    try {
      fn();
      return "ok";
    } catch (err) {
      return err instanceof GatewayError ? `${err.status} ${err.code}` : "thrown";
    }
  };

  it("accepts a fresh signature once and refuses every other spelling", () => {
    const auth = new OperatorAuth(secret, new EventStore(t.db), () => T0);
    expect(codeOf(() => auth.verify(req()))).toBe("ok");
    expect(codeOf(() => auth.verify(req()))).toBe(`401 ${EVENT_CODES.operatorSignature}`); // replay
    expect(codeOf(() => auth.verify(req({ body: '{"a":2}' }, T0 + 1)))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    expect(codeOf(() => auth.verify(req({ url: "/v1/mix/operator/events/update" }, T0 + 2)))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    expect(codeOf(() => auth.verify(req({ ts: String(T0 - 31_000) })))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    expect(codeOf(() => auth.verify(req({ ts: String(T0 / 1000) })))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    expect(codeOf(() => auth.verify(req({ sign: "" })))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    expect(codeOf(() => auth.verify({ method: "POST", url: "/x", headers: {}, rawBody: "" }))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
    const other = new OperatorAuth("t".repeat(40), new EventStore(t.db), () => T0 + 5);
    expect(codeOf(() => other.verify(req({}, T0 + 5)))).toBe(`401 ${EVENT_CODES.operatorSignature}`);
  });

  it("refuses everything when no secret is configured", () => {
    const auth = new OperatorAuth(undefined, new EventStore(t.db), () => T0);
    expect(codeOf(() => auth.verify(req()))).toBe(`403 ${EVENT_CODES.operatorDisabled}`);
  });
});
