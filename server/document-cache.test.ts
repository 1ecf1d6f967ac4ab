import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { documentCache, isWikiDocumentPath, type DocumentCacheOptions } from "./document-cache.ts";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** A host whose "renderer" counts its renders and writes the nonce, the address and the cookie into the page. */
async function host(overrides: Partial<DocumentCacheOptions> = {}, respond?: (res: express.Response) => void) {
  let t = 0;
  let renders = 0;
  let counter = 0;
  const cache = documentCache({
    ttlMs: 1_000,
    maxEntries: 3,
    maxBytes: 10_000,
    maxTotalBytes: 100_000,
    cacheable: isWikiDocumentPath,
    now: () => t,
    ...overrides,
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++counter}==`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(cache);
  app.get("*", (req, res) => {
    renders++;
    if (respond) return respond(res);
    res.type("html");
    res.write(`<html><script nonce="${res.locals.cspNonce}"></script>`);
    res.end(`<p>${req.originalUrl} ${req.headers.cookie ?? ""} render ${renders}</p><style nonce="${res.locals.cspNonce}"></style></html>`);
  });
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  closeServer = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, cookie?: string) => {
    const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
    const csp = res.headers.get("content-security-policy") ?? "";
    return { status: res.status, body: await res.text(), nonce: /nonce-([^']+)/.exec(csp)?.[1] };
  };
  return { get, renders: () => renders, advance: (ms: number) => (t += ms), size: () => cache.size() };
}

describe("documentCache", () => {
  it("replays a guest's document within its lifetime under each response's own nonce", async () => {
    const h = await host();
    const a = await h.get("/wiki/bitcoin");
    const b = await h.get("/wiki/bitcoin");
    expect(h.renders()).toBe(1);
    expect(a.nonce).not.toBe(b.nonce);
    expect(b.body).toContain(`<script nonce="${b.nonce}">`);
    expect(b.body).toContain(`<style nonce="${b.nonce}">`);
    expect(b.body).not.toContain(a.nonce);
    expect(b.body.replaceAll(b.nonce!, "N")).toBe(a.body.replaceAll(a.nonce!, "N"));
    h.advance(1_000);
    expect((await h.get("/wiki/bitcoin")).body).toContain("render 2");
  });

  it("keys by the whole address and cookie header: another query, locale, currency or preference is its own render", async () => {
    const h = await host({ maxEntries: 100 });
    const asks: Array<[string, string?]> = [
      ["/wiki/bitcoin"],
      ["/wiki/bitcoin?range=1D"],
      ["/de/wiki/bitcoin"],
      ["/wiki/bitcoin", "unit=EUR"],
      ["/wiki/bitcoin", "unit=USD"],
      ["/wiki/bitcoin", "language=de"],
    ];
    for (const [path, cookie] of asks) {
      const { body } = await h.get(path, cookie);
      expect(body).toContain(`${path} ${cookie ?? ""} render`);
    }
    expect(h.renders()).toBe(asks.length);
    for (const [path, cookie] of asks) expect((await h.get(path, cookie)).body).toContain(`${path} ${cookie ?? ""} render`);
    expect(h.renders()).toBe(asks.length);
  });

  it("never keeps or serves a document for a visitor with a session cookie", async () => {
    const h = await host();
    for (const cookie of ["bt_session=abc", "unit=EUR; bt_sid=x", "bt_rtoken=r"]) {
      await h.get("/wiki/bitcoin", cookie);
      await h.get("/wiki/bitcoin", cookie);
    }
    expect(h.renders()).toBe(6);
    expect(h.size()).toBe(0);
  });

  it("keeps only other paths' documents out, and only complete 200 HTML answers that set no cookie", async () => {
    expect(isWikiDocumentPath("/wiki")).toBe(true);
    expect(isWikiDocumentPath("/ja/wiki/page/2")).toBe(true);
    expect(isWikiDocumentPath("/zh-TC/wiki/bitcoin")).toBe(true);
    for (const p of ["/", "/spot/BTCUSDT", "/wiki/bitcoin/card.svg", "/wiki/card.svg", "/account/wiki", "/wiki/a/b", "/wiki/page/0"])
      expect(isWikiDocumentPath(p), p).toBe(false);

    const other = await host();
    await other.get("/spot/BTCUSDT");
    await other.get("/spot/BTCUSDT");
    expect(other.renders()).toBe(2);
    closeServer?.();

    for (const respond of [
      (res: express.Response) => res.status(404).type("html").end("<p>missing</p>"),
      (res: express.Response) => res.status(503).type("html").end("<p>down</p>"),
      (res: express.Response) => res.type("json").end("{}"),
      (res: express.Response) => res.cookie("x", "1").type("html").end("<p>with a cookie</p>"),
      (res: express.Response) => res.type("html").end("x".repeat(20_000)),
    ]) {
      const h = await host({}, respond);
      await h.get("/wiki/bitcoin");
      await h.get("/wiki/bitcoin");
      expect(h.renders()).toBe(2);
      expect(h.size()).toBe(0);
      closeServer?.();
    }
  });

  it("renders a document once for requests that arrive while it is being rendered, each under its own nonce", async () => {
    const h = await host({}, (res) => {
      setTimeout(() => {
        res.type("html").end(`<style nonce="${res.locals.cspNonce}"></style><p>slow</p>`);
      }, 100);
    });
    const all = await Promise.all(Array.from({ length: 6 }, () => h.get("/wiki/bitcoin")));
    expect(h.renders()).toBe(1);
    expect(new Set(all.map((r) => r.nonce)).size).toBe(6);
    for (const r of all) expect(r.body).toBe(`<style nonce="${r.nonce}"></style><p>slow</p>`);
  });

  it("lets the waiting requests render themselves when the first render keeps nothing", async () => {
    const h = await host({}, (res) => {
      setTimeout(() => res.status(503).type("html").end("<p>down</p>"), 50);
    });
    const all = await Promise.all(Array.from({ length: 4 }, () => h.get("/wiki/bitcoin")));
    expect(all.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    expect(h.renders()).toBe(4);
    expect(h.size()).toBe(0);
  });

  it("holds at most maxTotalBytes of documents, dropping the oldest", async () => {
    const h = await host({ maxEntries: 100, maxTotalBytes: 2_500 }, (res) => res.type("html").end("x".repeat(1_000)));
    for (let i = 0; i < 10; i++) await h.get(`/wiki/coin-${i}`);
    expect(h.size()).toBe(2);
    await h.get("/wiki/coin-9");
    await h.get("/wiki/coin-8");
    expect(h.renders()).toBe(10);
    await h.get("/wiki/coin-7");
    expect(h.renders()).toBe(11);
  });

  it("holds at most maxEntries documents", async () => {
    const h = await host({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) await h.get(`/wiki/coin-${i}`);
    expect(h.size()).toBe(3);
    await h.get("/wiki/coin-9");
    expect(h.renders()).toBe(10);
    await h.get("/wiki/coin-0");
    expect(h.renders()).toBe(11);
  });
});
