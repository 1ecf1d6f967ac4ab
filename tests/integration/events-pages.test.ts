import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EVENT_OPERATOR_HEADERS, EVENT_PATHS } from "../../protocol/events.ts";
import { operatorSignature } from "../../gateway/events/operator-auth.ts";
import { registerByEmail } from "../setup/accounts";
import { expectServed } from "../setup/pages";
import { webForSuite } from "../setup/suite";

/**
 * The events pages as a crawler and a script-less visitor get them (docs/decisions/800): the raw
 * HTML of the list and an event page in two locales and Arabic, through the real web server and
 * its embedded gateway.
 */
const ORIGIN = "https://www.mix.example";
const SECRET = "operator-secret-for-page-tests-0123456789";
const web = webForSuite({ PUBLIC_ORIGIN: ORIGIN, EVENTS_OPERATOR_SECRET: SECRET, EXCHANGE_RATE_LIMITS: "off" });

async function html(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${web.url}${path}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Every JSON-LD block of a page, parsed (a block that is not valid JSON fails the test). */
function jsonLd(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function chromeConfig(page: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="mix-chrome-config">(.*?)<\/script>/s.exec(page);
  return JSON.parse(m?.[1] ?? "null") as Record<string, unknown>;
}

const meta = (page: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(page)?.[1];

async function operator(path: string, body: unknown) {
  const text = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await fetch(`${web.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [EVENT_OPERATOR_HEADERS.timestamp]: ts,
      [EVENT_OPERATOR_HEADERS.sign]: operatorSignature(SECRET, ts, "POST", path, text),
    },
    body: text,
  });
  return (await res.json()) as { code: string };
}

describe.each([
  { prefix: "", lang: "en-US", dir: "ltr", list: "Events", title: "Paper Trading Cup", rules: "Rules" },
  { prefix: "/de", lang: "de-DE", dir: "ltr", list: "Events", title: "Paper-Trading-Cup", rules: "Regeln" },
  { prefix: "/ar", lang: "ar-AE", dir: "rtl", list: "الفعاليات", title: "كأس التداول التجريبي", rules: "القواعد" },
])("raw HTML at $prefix/events", ({ prefix, lang, dir, list, title, rules }) => {
  it("lists the events with their content, meta, ItemList JSON-LD and absolute alternates", async () => {
    const page = await html(`${prefix}/events`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${lang}" dir="${dir}"`);
    expect(page.text).toContain(`<h1>${list}</h1>`);
    expect(page.text).toContain(`href="${prefix}/events/paper-trading-cup">${title}</a>`);
    expect(page.text).toMatch(/<title>[^<]+ \| Mix Exchange<\/title>/);
    expect(meta(page.text, "name", "description")).toBeTruthy();
    expect(page.text).toContain(`<link rel="canonical" href="${ORIGIN}${prefix}/events"/>`);
    expect(page.text).toContain(`<link rel="alternate" hrefLang="x-default" href="${ORIGIN}/events"/>`);
    expect(page.text).toContain(`<link rel="alternate" hrefLang="ja-JP" href="${ORIGIN}/ja/events"/>`);
    const [ld] = jsonLd(page.text);
    expect(ld).toMatchObject({ "@type": "ItemList", url: `${ORIGIN}${prefix}/events` });
    expect((ld!.itemListElement as Array<{ url: string }>)[0]!.url).toBe(`${ORIGIN}${prefix}/events/paper-trading-cup`);
    // No Remix runtime: the page does not hydrate.
    expect(page.text).not.toContain("window.__remixContext");
    expect(page.text).toContain(`<script src="${prefix}/events/loader.js"`);
  });

  it("renders the event: title, dates, rules, leaderboard, Event JSON-LD, Open Graph and the chrome fallback", async () => {
    const page = await html(`${prefix}/events/paper-trading-cup`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>${title}</h1>`);
    expect(page.text).toContain(`<h2 id="rules-title" lang="${lang}">${rules}</h2>`);
    expect(page.text).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z">/);
    expect(page.text).toContain('<tbody id="events-board-rows">');
    expect(meta(page.text, "property", "og:url")).toBe(`${ORIGIN}${prefix}/events/paper-trading-cup`);
    expect(meta(page.text, "property", "og:title")).toBe(`${title} | Mix Exchange`);
    expect(page.text).toContain(`<link rel="canonical" href="${ORIGIN}${prefix}/events/paper-trading-cup"/>`);
    const event = jsonLd(page.text).find((d) => d["@type"] === "Event");
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      name: title,
      url: `${ORIGIN}${prefix}/events/paper-trading-cup`,
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${ORIGIN}${prefix}/events/paper-trading-cup` },
      organizer: { "@type": "Organization", name: "Mix Exchange", url: `${ORIGIN}/` },
    });
    expect(new Date(event!.startDate as string).getTime()).toBeLessThan(new Date(event!.endDate as string).getTime());
    // The chrome's placeholders hold a working fallback: links and the legal text.
    expect(page.text).toMatch(/<div data-mix-chrome="header"><header class="mc-header">.*href="[^"]*\/login\?redirectTo=/s);
    expect(page.text).toContain('<div data-mix-chrome="legal"><section id="mix-legal"');
  });

  it("writes the app's stylesheet in the head under its nonce, and loads its own image from the address the visitor used", async () => {
    for (const path of [`${prefix}/events`, `${prefix}/events/paper-trading-cup`]) {
      const page = await html(path);
      const head = page.text.slice(0, page.text.indexOf("</head>"));
      expect(head, path).not.toMatch(/rel="stylesheet"/);
      const nonce = /<style nonce="([^"]+)">/.exec(head)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(page.headers.get("content-security-policy"), path).toContain(`style-src 'self' 'nonce-${nonce}'`);
      // The theme's variables and the app's layout rules.
      expect(head, path).toMatch(/--[a-z-]+:/);
      expect(head, path).toContain(".skip-link");
      // The seeded image is this site's: a path in the page (the CSP allows 'self', whatever the host).
      expect(page.text, path).toContain('<img src="/event-images/paper-trading-cup.svg"');
    }
    // Cards and crawlers get it absolute on the public origin.
    const page = (await html(`${prefix}/events/paper-trading-cup`)).text;
    expect(meta(page, "property", "og:image")).toBe(`${ORIGIN}/event-images/paper-trading-cup.svg`);
    expect(jsonLd(page).find((d) => d["@type"] === "Event")?.image).toEqual([`${ORIGIN}/event-images/paper-trading-cup.svg`]);
  });
});

describe("the event page's visitor and content", () => {
  it("gives a guest's chrome no user at all, and a logged-in visitor's a masked name and id", async () => {
    const guest = chromeConfig((await html("/events/paper-trading-cup")).text);
    expect(guest).not.toHaveProperty("user");
    const email = `page-${randomUUID().slice(0, 8)}@example.com`;
    const { c, userId } = await registerByEmail({ url: web.url, dataDir: web.dir }, email);
    const page = (await html("/events/paper-trading-cup", { cookie: c.cookieHeader() })).text;
    const config = chromeConfig(page);
    expect(config.user).toEqual({ name: expect.stringContaining("****"), uid: `${userId.slice(0, 4)}****${userId.slice(-2)}` });
    expect(page).not.toContain(email);
    expect(page).not.toContain(userId);
    // A logged-in visitor may enrol: the button, and what the bundle needs to sign.
    expect(page).toContain('id="events-join"');
    expect(page).toMatch(/"issuerCert":"-----BEGIN CERTIFICATE-----/);
    expect((await html("/events/paper-trading-cup")).text).not.toContain('issuerCert":"-----BEGIN');
  });

  it("sends another casing of a slug to the canonical address and answers a non-slug with 404", async () => {
    const moved = await html("/de/events/Paper-Trading-Cup?by=return");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/de/events/paper-trading-cup?by=return");
    for (const path of ["/events/no-such-event", "/events/%3Cscript%3E", `/events/${"a".repeat(70)}`, "/xx/events"]) {
      expect((await html(path)).status, path).toBe(404);
    }
  });

  it("keeps hostile content inert: escaped JSON-LD, sanitised rules, images only from allowed hosts", async () => {
    const slug = `hostile-${randomUUID().slice(0, 8)}`;
    const created = await operator(EVENT_PATHS.operatorCreate, {
      slug,
      kind: "announcement",
      startsAt: Date.now() - 60_000,
      endsAt: Date.now() + 3600_000,
      image: "https://tracker.example/pixel.png",
      texts: {
        en: {
          title: "Win </script><script>alert(1)</script>",
          summary: 'Summary "quoted" <b>bold</b>',
          rulesHtml:
            '<p onclick="alert(1)">Rules<script>alert(2)</script><img src="https://tracker.example/x.png" onerror="alert(3)"><a href="javascript:alert(4)">x</a></p>',
        },
      },
    });
    expect(created.code).toBe("00000");
    const page = (await html(`/events/${slug}`)).text;
    expect(page).not.toContain("<script>alert");
    expect(page).not.toContain("onclick");
    expect(page).not.toContain("onerror");
    expect(page).not.toContain("javascript:");
    expect(page).not.toContain("tracker.example");
    const event = jsonLd(page).find((d) => d["@type"] === "Event");
    expect(event?.name).toBe("Win </script><script>alert(1)</script>");
    // An announcement has no leaderboard or enrolment.
    expect(page).not.toContain('id="events-board-rows"');
  });

  it("serves the chrome loader at a stable address, readable by other sites, with the locale's texts", async () => {
    const { headers, body } = await expectServed(`${web.url}/ja/events/loader.js`, "text/javascript");
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toContain('"locale":"ja"');
    expect(body).toContain("イベント");
    const script = /"script":"(\/standalone\/events-chrome-[\w-]+\.js)"/.exec(body)?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${web.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("access-control-allow-origin")).toBe("*");
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${web.url}/xx/events/loader.js`)).status).toBe(404);
  });
});
