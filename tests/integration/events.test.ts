import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { EVENT_CODES, EVENT_OPERATOR_HEADERS, EVENT_PATHS, type EventInput } from "../../protocol/events.ts";
import { operatorSignature } from "../../gateway/events/operator-auth.ts";
import { registerByEmail } from "../setup/accounts";
import { ROOT } from "../setup/processes";
import { gatewayForSuite } from "../setup/suite";

/** The events area through the real gateway process (docs/decisions/800), attacker cases included. */
const SECRET = "operator-secret-for-tests-0123456789abcdef";
const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", EVENTS_OPERATOR_SECRET: SECRET });
const gut = () => ({ url: gw.url, dataDir: gw.dir });

type Answer = { status: number; body: { code: string; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

/** An operator call, signed as docs/protocol.md says, unless `spoil` changes what is sent. */
async function operator(path: string, body: unknown, spoil: { ts?: string; sign?: string; sentBody?: string; secret?: string } = {}) {
  const text = JSON.stringify(body);
  const ts = spoil.ts ?? String(Date.now());
  const sign = spoil.sign ?? operatorSignature(spoil.secret ?? SECRET, ts, "POST", path, text);
  return post(path, spoil.sentBody ?? text, { [EVENT_OPERATOR_HEADERS.timestamp]: ts, [EVENT_OPERATOR_HEADERS.sign]: sign });
}

const HOUR = 3600_000;
const event = (slug: string, over: Partial<EventInput> = {}): EventInput => ({
  slug,
  kind: "trading-competition",
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + HOUR,
  image: "https://img.example.com/cup.png",
  texts: { en: { title: `Cup ${slug}`, summary: "A cup", rulesHtml: "<p>Trade well</p>" } },
  ...over,
});

async function user() {
  const email = `ev-${randomUUID().slice(0, 8)}@example.com`;
  return registerByEmail(gut(), email);
}

/** A market order on the caller's simulation account, the trading a competition ranks. */
async function paperMarketOrder(c: Awaited<ReturnType<typeof user>>["c"], symbol: string, side: "buy" | "sell", size: string) {
  return c.call("POST", V2.placeOrder, { symbol, side, orderType: "market", size }, { headers: { paptrading: "1" } });
}

describe("public content", () => {
  it("lists the seeded paper-trading cup as live, localised with an English fallback", async () => {
    const list = await post(EVENT_PATHS.list, { locale: "ja" });
    expect(list.body.code).toBe("00000");
    const cup = list.body.data.list.find((e: { slug: string }) => e.slug === "paper-trading-cup");
    expect(cup).toMatchObject({ kind: "trading-competition", state: "live", lang: "ja", title: "ペーパートレーディング・カップ" });
    const it = await post(EVENT_PATHS.detail, { slug: "paper-trading-cup", locale: "it" });
    expect(it.body.data).toMatchObject({ lang: "en", title: "Paper Trading Cup", final: false });
    expect(it.body.data.rulesHtml).toContain("<ol>");
    expect(it.body.data.locales).toEqual(expect.arrayContaining(["ar", "de", "en"]));
  });

  it.each([
    ["another casing", { slug: "Paper-Trading-Cup" }, 400],
    ["an underscore spelling", { slug: "paper_trading_cup" }, 400],
    ["a trailing slash", { slug: "paper-trading-cup/" }, 400],
    ["a padded slug", { slug: " paper-trading-cup" }, 400],
    ["a path traversal", { slug: "../paper-trading-cup" }, 400],
    ["an empty slug", { slug: "" }, 400],
    ["a number", { slug: 7 }, 400],
    ["a missing slug", {}, 400],
    ["an extra field", { slug: "paper-trading-cup", admin: true }, 400],
    ["a huge slug", { slug: "a".repeat(100_000) }, 400],
    ["an unknown slug", { slug: "no-such-event" }, 404],
  ])("answers %s with an envelope error, never a 500", async (_name, body, status) => {
    const r = await post(EVENT_PATHS.detail, body);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(status === 404 ? "40404" : "40017");
  });

  it("refuses a body over the limit and malformed JSON with envelopes", async () => {
    expect((await post(EVENT_PATHS.list, `{"locale":"${"x".repeat(1_100_000)}"}`)).status).toBe(413);
    expect((await post(EVENT_PATHS.leaderboard, "{not json")).body.code).toBe("40017");
    expect((await post(EVENT_PATHS.leaderboard, { slug: "paper-trading-cup", limit: 10_000 })).status).toBe(400);
    expect((await post(EVENT_PATHS.leaderboard, { slug: "paper-trading-cup", by: "PNL" })).status).toBe(400);
  });
});

describe("the operator API", () => {
  it("creates and updates events when signed, and the result is public at once", async () => {
    const created = await operator(EVENT_PATHS.operatorCreate, event("api-cup"));
    expect(created.body.code).toBe("00000");
    expect(created.body.data).toMatchObject({ slug: "api-cup", state: "live", participants: 0 });
    const updated = await operator(EVENT_PATHS.operatorUpdate, {
      slug: "api-cup",
      texts: { de: { title: "API-Cup", summary: "Ein Cup", rulesHtml: "" } },
    });
    expect(updated.body.code).toBe("00000");
    expect((await post(EVENT_PATHS.detail, { slug: "api-cup", locale: "de" })).body.data).toMatchObject({ title: "API-Cup", lang: "de" });
    const list = await operator(EVENT_PATHS.operatorList, {});
    expect(list.body.data.list.map((e: { slug: string }) => e.slug)).toEqual(expect.arrayContaining(["api-cup", "paper-trading-cup"]));
  });

  it.each([
    ["no signature", (path: string, body: unknown) => post(path, body)],
    ["a wrong secret", (path: string, body: unknown) => operator(path, body, { secret: "x".repeat(40) })],
    ["an old timestamp", (path: string, body: unknown) => operator(path, body, { ts: String(Date.now() - 60_000) })],
    ["a future timestamp", (path: string, body: unknown) => operator(path, body, { ts: String(Date.now() + 60_000) })],
    ["a timestamp in seconds", (path: string, body: unknown) => operator(path, body, { ts: String(Math.floor(Date.now() / 1000)) })],
    [
      "another body than signed",
      (path: string, body: unknown) => operator(path, body, { sentBody: JSON.stringify({ ...(body as object), kind: "announcement" }) }),
    ],
    ["an empty signature", (path: string, body: unknown) => operator(path, body, { sign: "" })],
    [
      "another path's signature",
      (path: string, body: unknown) => {
        const ts = String(Date.now());
        return post(path, body, {
          [EVENT_OPERATOR_HEADERS.timestamp]: ts,
          [EVENT_OPERATOR_HEADERS.sign]: operatorSignature(SECRET, ts, "POST", EVENT_PATHS.operatorUpdate, JSON.stringify(body)),
        });
      },
    ],
  ])("refuses a create with %s (401) and stores nothing", async (_name, send) => {
    const slug = `bad-${randomUUID().slice(0, 8)}`;
    const r = await send(EVENT_PATHS.operatorCreate, event(slug));
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(EVENT_CODES.operatorSignature);
    expect((await post(EVENT_PATHS.detail, { slug })).status).toBe(404);
  });

  it("refuses a replayed signed request", async () => {
    const body = JSON.stringify(event("replay-cup"));
    const ts = String(Date.now());
    const headers = {
      [EVENT_OPERATOR_HEADERS.timestamp]: ts,
      [EVENT_OPERATOR_HEADERS.sign]: operatorSignature(SECRET, ts, "POST", EVENT_PATHS.operatorCreate, body),
    };
    expect((await post(EVENT_PATHS.operatorCreate, body, headers)).body.code).toBe("00000");
    const again = await post(EVENT_PATHS.operatorCreate, body, headers);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(EVENT_CODES.operatorSignature);
  });

  it.each([
    ["a bad slug", { slug: "Bad Slug" }],
    ["an end before the start", { endsAt: Date.now() - HOUR }],
    ["a javascript: image", { image: "javascript:alert(1)" }],
    ["no English texts", { texts: { de: { title: "X", summary: "", rulesHtml: "" } } }],
    ["huge rules", { texts: { en: { title: "X", summary: "", rulesHtml: "<p>x</p>".repeat(10_000) } } }],
  ])("refuses %s from a signed operator with a parameter error", async (_name, over) => {
    const slug = `inv-${randomUUID().slice(0, 8)}`;
    const r = await operator(EVENT_PATHS.operatorCreate, { ...event(slug), ...over });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("40017");
  });

  it("refuses a second event with a taken slug", async () => {
    expect((await operator(EVENT_PATHS.operatorCreate, event("paper-trading-cup"))).body.code).toBe(EVENT_CODES.slugTaken);
  });
});

describe("the competition", () => {
  it("enrols a logged-in user's paper account once, signed, and ranks it after a paper trade", async () => {
    const { c } = await user();
    const guest = await post(EVENT_PATHS.enrol, { slug: "paper-trading-cup" });
    expect(guest.body.code).toBe("00004");

    const unsigned = await c.call("POST", EVENT_PATHS.enrol, { slug: "paper-trading-cup" }, { sign: false });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.code).toBe("00020");

    let replay: { headers: Record<string, string>; body: string } | undefined;
    const first = await c.call(
      "POST",
      EVENT_PATHS.enrol,
      { slug: "paper-trading-cup" },
      { tamper: (h, b) => ((replay = { headers: { ...h }, body: b }), b) },
    );
    expect(first.body.code).toBe("00000");
    expect(Number(first.body.data.startEquity)).toBeGreaterThan(50_000);

    const twice = await c.call("POST", EVENT_PATHS.enrol, { slug: "paper-trading-cup" });
    expect(twice.body.code).toBe(EVENT_CODES.alreadyEnrolled);
    const replayed = await fetch(`${gw.url}${EVENT_PATHS.enrol}`, { method: "POST", headers: replay!.headers, body: replay!.body });
    expect(replayed.status).toBe(401);

    // A paper trade: buy BTC at market on the simulation account.
    const order = await paperMarketOrder(c, "BTCUSDT", "buy", "1000");
    expect(order.body.code).toBe("00000");

    const board = await c.call("POST", EVENT_PATHS.leaderboard, { slug: "paper-trading-cup" });
    expect(board.body.code).toBe("00000");
    expect(board.body.data).toMatchObject({ state: "live", final: false, loggedIn: true, enrolled: true });
    expect(board.body.data.me).toMatchObject({ rank: expect.any(Number), disqualified: false });
    expect(board.body.data.me.rank).toBeGreaterThan(0);
    expect(board.body.data.list.some((s: { name: string }) => s.name === board.body.data.me.name)).toBe(true);
    // Names are masked: no e-mail address on a public list.
    expect(JSON.stringify(board.body.data.list)).not.toContain("@");

    const anonymous = await post(EVENT_PATHS.leaderboard, { slug: "paper-trading-cup" });
    expect(anonymous.body.data).toMatchObject({ loggedIn: false, enrolled: false });
    expect(anonymous.body.data.me).toBeUndefined();
  });

  it("refuses enrolment in an upcoming, an ended and a non-competition event, and in an unknown spelling", async () => {
    const { c } = await user();
    await operator(EVENT_PATHS.operatorCreate, event("later-cup", { startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR }));
    await operator(EVENT_PATHS.operatorCreate, event("past-cup", { startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR }));
    await operator(EVENT_PATHS.operatorCreate, event("news-item", { kind: "announcement" }));
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "later-cup" })).body.code).toBe(EVENT_CODES.notStarted);
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "past-cup" })).body.code).toBe(EVENT_CODES.ended);
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "news-item" })).body.code).toBe(EVENT_CODES.notEnrollable);
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "Later-Cup" })).status).toBe(400);
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "paper-trading-cup", userId: "someone-else" })).status).toBe(400);
  });

  it("disqualifies an entry whose demo funds were reset after enrolling", async () => {
    const { c } = await user();
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "paper-trading-cup" })).body.code).toBe("00000");
    expect((await c.call("POST", V2.paperReset, {}, { headers: { paptrading: "1" } })).body.code).toBe("00000");
    // Standings are cached for two seconds; ask until the reset is seen.
    let me: { disqualified: boolean; rank: number } | undefined;
    for (let i = 0; i < 50 && !me?.disqualified; i++) {
      me = (await c.call("POST", EVENT_PATHS.leaderboard, { slug: "paper-trading-cup" })).body.data.me;
      if (!me?.disqualified) await new Promise((r) => setTimeout(r, 200));
    }
    expect(me).toMatchObject({ disqualified: true, rank: 0 });
  });

  it("freezes the final results at the end: trading afterwards changes nothing", async () => {
    const { c } = await user();
    const endsAt = Date.now() + 4000;
    expect((await operator(EVENT_PATHS.operatorCreate, event("short-cup", { endsAt }))).body.code).toBe("00000");
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "short-cup" })).body.code).toBe("00000");
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt - Date.now()) + 200));
    const final = await c.call("POST", EVENT_PATHS.leaderboard, { slug: "short-cup" });
    expect(final.body.data).toMatchObject({ state: "ended", final: true, enrolled: true });
    const before = final.body.data.me;
    const order = await paperMarketOrder(c, "ETHUSDT", "sell", "5");
    expect(order.body.code).toBe("00000");
    const later = await c.call("POST", EVENT_PATHS.leaderboard, { slug: "short-cup" });
    expect(later.body.data.me).toEqual(before);
    expect((await c.call("POST", EVENT_PATHS.enrol, { slug: "short-cup" })).body.code).toBe(EVENT_CODES.ended);
    expect((await post(EVENT_PATHS.detail, { slug: "short-cup" })).body.data).toMatchObject({ state: "ended", final: true });
    // Its terms are final too.
    expect((await operator(EVENT_PATHS.operatorUpdate, { slug: "short-cup", endsAt: Date.now() + HOUR })).body.code).toBe(
      EVENT_CODES.ended,
    );
  });
});

describe("the events:admin command", () => {
  const run = async (...args: string[]) => {
    try {
      const r = await promisify(execFile)(process.execPath, ["--import", "tsx", "gateway/events/cli/admin.ts", ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: gw.dir },
      });
      return { code: 0, out: r.stdout, err: r.stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout, err: e.stderr };
    }
  };

  it("creates and updates an event in the running gateway's database, with the service's rules", async () => {
    const created = await run(
      "create",
      "--slug",
      "cli-cup",
      "--kind",
      "trading-competition",
      "--starts",
      "2030-01-01T00:00:00Z",
      "--ends",
      "2030-01-31T00:00:00+01:00",
      "--title",
      "CLI cup",
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({
      slug: "cli-cup",
      state: "upcoming",
      startsAt: Date.UTC(2030, 0, 1),
      endsAt: Date.UTC(2030, 0, 30, 23),
    });
    expect((await post(EVENT_PATHS.detail, { slug: "cli-cup" })).body.data).toMatchObject({ title: "CLI cup", state: "upcoming" });
    const updated = await run("update", "--slug", "cli-cup", "--locale", "de", "--title", "CLI-Cup");
    expect(updated.code).toBe(0);
    expect((await post(EVENT_PATHS.detail, { slug: "cli-cup", locale: "de" })).body.data.title).toBe("CLI-Cup");
    expect(JSON.parse((await run("list")).out).map((e: { slug: string }) => e.slug)).toContain("cli-cup");
  });

  /** The arguments of `create` for an announcement; each refusal below spoils one of them. */
  const create = (slug: string, starts: string, ends: string) => [
    "create",
    "--slug",
    slug,
    "--kind",
    "announcement",
    "--starts",
    starts,
    "--ends",
    ends,
    "--title",
    "X",
  ];
  it.each([
    ["a date without a zone", create("cli-bad", "2030-01-01T00:00:00", "2030-01-02T00:00:00Z"), 2],
    ["an end before the start", create("cli-bad", "2030-01-02T00:00:00Z", "2030-01-01T00:00:00Z"), 1],
    ["a bad slug", create("CLI Bad", "2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"), 1],
    ["a taken slug", create("paper-trading-cup", "2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"), 1],
    ["an unknown command", ["delete", "--slug", "paper-trading-cup"], 2],
  ])("refuses %s with a message and stores nothing", async (_name, args, code) => {
    const r = await run(...args);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(/^events:admin: /);
    expect((await post(EVENT_PATHS.detail, { slug: "cli-bad" })).status).toBe(404);
  });
});
