import { describe, expect, it } from "vitest";
import type { Leaderboard } from "../../../protocol/events";
import { footerTree, headerTree, legalTree, linkOn, maskUid, parsePageConfig, type ChromeElement, type ChromeModel } from "./chrome-model";
import { chromeLinks } from "./chrome-texts";
import { eventJsonLd, ldJson } from "./json-ld";
import { boardRows, isLeaderboard } from "./leaderboard-view";

const texts = {
  brand: "Mix Exchange",
  nav: "Main",
  events: "Events",
  markets: "Markets",
  trade: "Trade",
  wiki: "Wiki",
  login: "Log in",
  register: "Sign up",
  margin: "Margin",
  futures: "Futures",
  assets: "Assets",
  subaccounts: "Sub-accounts",
  signedInAs: "Signed in as {{name}}",
  uid: "UID",
  legal: "Legal",
  legalTitle: "Legal notice",
  legalBody: ["One", "Two"],
  close: "Close",
  rights: "© {{year}} Mix Exchange",
};
const model = (over: Partial<ChromeModel> = {}): ChromeModel => ({ texts, links: chromeLinks("de"), href: (p) => p, year: 2026, ...over });
const text = (n: ChromeElement | string): string => (typeof n === "string" ? n : n.children.map(text).join(""));
const find = (n: ChromeElement, pred: (e: ChromeElement) => boolean): ChromeElement[] =>
  (pred(n) ? [n] : []).concat(...n.children.filter((c): c is ChromeElement => typeof c !== "string").map((c) => find(c, pred)));

describe("the chrome's description", () => {
  it("gives a guest log-in links back to the page and no user element", () => {
    const h = headerTree(model({ returnTo: "/de/events/cup", current: "events" }));
    expect(find(h, (e) => e.attrs.class === "mc-user")).toEqual([]);
    const login = find(h, (e) => e.tag === "a" && text(e) === "Log in")[0];
    expect(login?.attrs.href).toBe("/de/login?redirectTo=%2Fde%2Fevents%2Fcup");
    expect(find(h, (e) => e.attrs["aria-current"] === "page").map(text)).toEqual(["Events"]);
  });

  it("shows a logged-in visitor by the masked name and id only", () => {
    const h = headerTree(model({ user: { name: "ab****@x.com", uid: "1234****89" } }));
    const user = find(h, (e) => e.attrs.class === "mc-user")[0]!;
    expect(user.attrs["aria-label"]).toBe("Signed in as ab****@x.com");
    expect(text(user)).toContain("UID 1234****89");
    expect(find(h, (e) => text(e) === "Log in")).toEqual([]);
    // the account's pages, as the app's header offers them (decision 716)
    expect(find(h, (e) => e.attrs.class === "mc-link").map((e) => [text(e), e.attrs.href])).toEqual([
      ["Assets", "/de/asset"],
      ["Sub-accounts", "/de/subaccount"],
    ]);
  });

  it("lists the whole site in its navigation, margin and futures included (decision 716)", () => {
    const nav = find(headerTree(model()), (e) => e.tag === "nav")[0]!;
    expect(find(nav, (e) => e.tag === "a").map((e) => e.attrs.href)).toEqual([
      "/de/events",
      "/de",
      "/de/spot/BTCUSDT",
      "/de/margin/BTCUSDT",
      "/de/futures/usdt/BTCUSDT",
      "/de/wiki",
    ]);
  });

  it("makes the footer's legal link open the legal text, as a section or a dialog", () => {
    expect(find(footerTree(model()), (e) => e.attrs.href === "#mix-legal")).toHaveLength(1);
    expect(text(footerTree(model()))).toContain("© 2026 Mix Exchange");
    expect(legalTree(model(), "section").tag).toBe("section");
    const dialog = legalTree(model(), "dialog");
    expect(dialog.tag).toBe("dialog");
    expect(find(dialog, (e) => e.tag === "form")[0]?.attrs.method).toBe("dialog");
  });

  it.each([
    ["nothing", null, {}],
    ["broken JSON", "{user:", {}],
    ["a user without an id", '{"user":{"name":"x"}}', {}],
    ["a user with numbers", '{"user":{"name":1,"uid":2}}', {}],
    ["a huge name", JSON.stringify({ user: { name: "x".repeat(100), uid: "1" } }), {}],
    ["a full id", '{"user":{"name":"Jo","uid":"123456789"}}', { user: { name: "Jo", uid: "1234****89" } }],
    ["a protocol-relative return", '{"returnTo":"//evil.example/"}', {}],
    ["styles off", '{"styles":false,"returnTo":"/events"}', { styles: false, returnTo: "/events" }],
  ])("reads a host page's settings defensively: %s", (_name, input, expected) => {
    expect(parsePageConfig(input)).toEqual(expected);
  });

  it("masks ids and links absolutely only on another site", () => {
    expect(maskUid("1234567890")).toBe("1234****90");
    expect(maskUid("1234****90")).toBe("1234****90");
    expect(linkOn("/de/events", "https://mix.example", "https://partner.example")).toBe("https://mix.example/de/events");
    expect(linkOn("/de/events", "https://mix.example", "https://mix.example")).toBe("/de/events");
  });
});

describe("structured data", () => {
  it("describes an event and escapes anything that could close its script", () => {
    const ld = eventJsonLd({
      event: { title: "</script><b>", summary: "s", startsAt: Date.UTC(2026, 0, 1), endsAt: Date.UTC(2026, 0, 2), lang: "en-US" },
      url: "https://mix.example/events/x",
      image: null,
      organizer: { name: "Mix Exchange", url: "https://mix.example/" },
    });
    expect(ld).toMatchObject({ "@type": "Event", startDate: "2026-01-01T00:00:00.000Z", endDate: "2026-01-02T00:00:00.000Z" });
    expect(ld).not.toHaveProperty("image");
    const json = ldJson(ld);
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual(ld);
  });
});

describe("leaderboard rows", () => {
  const board: Leaderboard = {
    slug: "cup",
    state: "live",
    by: "pnl",
    final: false,
    asOf: 0,
    participants: 2,
    loggedIn: true,
    enrolled: true,
    list: [
      { rank: 1, name: "al***e", pnl: "1234.50", returnPct: "2.47", equity: "0", startEquity: "0" },
      { rank: 2, name: "6314****41", pnl: "-0.11", returnPct: "0.00", equity: "0", startEquity: "0" },
    ],
    me: { rank: 2, name: "6314****41", pnl: "-0.11", returnPct: "0.00", equity: "0", startEquity: "0", disqualified: false },
  };

  it("formats amounts in the page's language, with signs and the caller's row marked", () => {
    expect(boardRows(board, "de-DE")).toEqual([
      { rank: "1", name: "al***e", pnl: "+1.234,50", returnPct: "+2,47\u00a0%", trend: "up", mine: false },
      { rank: "2", name: "6314****41", pnl: "-0,11", returnPct: "0,00\u00a0%", trend: "down", mine: true },
    ]);
  });

  it("links a demo lead's row to its copy profile on demo, under the page's locale", () => {
    const led = { ...board, list: [{ ...board.list[0]!, copyTraderId: "u 1/2" }, board.list[1]!] };
    const rows = boardRows(led, "de-DE", "/de/copy-trading/trader");
    expect(rows.map((r) => r.copyHref)).toEqual(["/de/copy-trading/trader/u%201%2F2?demo=1", undefined]);
    expect(boardRows(led, "de-DE").map((r) => r.copyHref)).toEqual([undefined, undefined]);
  });

  it("trusts only answers shaped like a leaderboard", () => {
    expect(isLeaderboard(board)).toBe(true);
    expect(isLeaderboard({ ...board, list: [{ rank: "1" }] })).toBe(false);
    expect(isLeaderboard(null)).toBe(false);
  });
});
