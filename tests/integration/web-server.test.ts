import { readFileSync, readdirSync, statSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "undici";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEchoUpstream } from "../setup/echo-upstream";
import { ROOT, startWeb, tempDataDir, type Started } from "../setup/processes";

describe("the web server with the embedded gateway", () => {
  let web: Started;
  const data = tempDataDir();

  beforeAll(async () => {
    web = await startWeb({ DATA_DIR: data.dir });
  });
  afterAll(() => data.remove());

  it("serves the home page with an enforced CSP whose fresh nonce is on every script", async () => {
    const [a, b] = await Promise.all([fetch(web.url), fetch(web.url)]);
    expect(a.status).toBe(200);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(a.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("report-uri /v1/buried/log/cspSecurity");
    expect(csp).toContain("report-to csp-endpoint");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(b.headers.get("content-security-policy") ?? "")?.[1]);
    const html = await a.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull();
    expect(html).toContain("<title>");
    expect(html).toContain('data-testid="rates-table"');
  });

  it("without a configured public origin, names the sitemap at the address it listens on (docs/decisions/605)", async () => {
    // startWeb listens on 127.0.0.1, named localhost; that address, never the request's Host, is the public origin.
    const origin = `http://localhost:${web.port}`;
    const sitemap = await fetch(`${web.url}/sitemap.xml`, { headers: { host: "evil.example" } });
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${origin}/wiki</loc>`);
    const robots = await (await fetch(`${web.url}/robots.txt`)).text();
    expect(robots).toContain("User-agent: *");
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("sends HSTS only when the request came over https through a trusted proxy", async () => {
    const plain = await fetch(web.url, { headers: { "x-forwarded-proto": "https" } });
    // TRUST_PROXY is off here: a client cannot claim https for itself.
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("serves the standalone bundles immutable and keeps their build manifest private", async () => {
    const bundles = readdirSync(join(ROOT, "build/client/standalone")).filter((f) => f.endsWith(".js"));
    expect(bundles.some((f) => f.startsWith("page-tracking-"))).toBe(true);
    const res = await fetch(`${web.url}/standalone/${bundles[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/standalone/.vite/manifest.json", "/standalone/%2evite/manifest.json", "/standalone/missing.js"]) {
      const miss = await fetch(`${web.url}${path}`);
      expect(miss.status, path).toBe(404);
      expect(await miss.text()).not.toContain("page-tracking");
    }
  });

  it("caches hashed assets immutable for a year and sends the build's brotli or gzip copy the browser takes", async () => {
    const dir = join(ROOT, "build/client/assets");
    // the largest script of the build, whatever its chunk is called
    const assets = readdirSync(dir).filter((f) => f.endsWith(".js"));
    const big = assets.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0] as string;
    expect(big).toBeDefined();
    const original = readFileSync(join(dir, big));
    const get = (encoding: string | undefined, method = "GET") =>
      request(`${web.url}/assets/${big}`, { method, headers: encoding === undefined ? {} : { "accept-encoding": encoding } });
    // Chrome's own header, a client that only takes gzip, one that refuses brotli, and other spellings.
    const cases: Array<[string | undefined, string | undefined]> = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["br", "br"],
      [undefined, undefined],
      ["identity", undefined],
      ["", undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await get(accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers["content-encoding"], String(accept)).toBe(encoding);
      expect(res.headers["content-type"], String(accept)).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
      expect(res.headers["cache-control"], String(accept)).toBe("public, max-age=31536000, immutable");
      expect(res.headers["vary"], String(accept)).toMatch(/accept-encoding/i);
      expect(res.headers["content-security-policy"], String(accept)).toBe(
        "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      );
      const body = Buffer.from(await res.body.arrayBuffer());
      const plain = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
      expect(plain.equals(original), String(accept)).toBe(true);
      if (encoding === "br") {
        // The build's copy (brotli 11) as it is, not one made per request.
        expect(body.equals(readFileSync(join(dir, `${big}.br`)))).toBe(true);
        expect(Number(res.headers["content-length"])).toBe(body.length);
      }
    }
    const head = await get("br", "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    await head.body.dump();
    // The standalone bundles the same way, with their CORS header.
    const standaloneDir = join(ROOT, "build/client/standalone");
    const standalone = readdirSync(standaloneDir)
      .filter((f) => f.endsWith(".js"))
      .sort((a, b) => statSync(join(standaloneDir, b)).size - statSync(join(standaloneDir, a)).size)[0];
    const sa = await request(`${web.url}/standalone/${standalone}`, { headers: { "accept-encoding": "br" } });
    expect(sa.headers["content-encoding"]).toBe("br");
    expect(sa.headers["access-control-allow-origin"]).toBe("*");
    await sa.body.dump();
    // A file with no copy, and one that does not exist, are as before.
    const missing = await request(`${web.url}/assets/no-such-file.js`, { headers: { "accept-encoding": "br" } });
    expect(missing.statusCode).toBe(404);
    await missing.body.dump();
  });

  it("answers an address that is not valid percent-encoding with a 400 envelope, not a 500; a valid one as before", async () => {
    for (const path of ["/%E0%A4%A", "/assets/%E0%A4%A.js", "/standalone/%E0%A4%A.js", "/wiki/%ZZ", "/spot/BTC%"]) {
      const res = await fetch(`${web.url}${path}`, { headers: { "accept-encoding": "br" } });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ code: "40000", msg: "Malformed address" });
      expect(res.headers.get("content-security-policy"), path).toBeTruthy();
    }
    // Well-formed encodings are decoded and routed as before: an unknown article is the 404 page.
    const ok = await fetch(`${web.url}/wiki/%C3%A9t%C3%A9`);
    expect(ok.status).toBe(404);
    expect(ok.headers.get("content-type")).toContain("text/html");
  });

  it("sends a static file only the headers a file needs: no page nonce, no document-only headers", async () => {
    const js = readdirSync(join(ROOT, "build/client/assets")).find((f) => f.endsWith(".js"));
    for (const path of [`/assets/${js}`, "/coins/btc.svg", "/favicon.svg"]) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      // A worker script or an SVG opened on its own still runs under a strict policy.
      expect(res.headers.get("content-security-policy"), path).toBe(
        "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      );
      for (const name of ["reporting-endpoints", "x-frame-options", "cross-origin-opener-policy", "permissions-policy"]) {
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    // A page, and the 404 page of an asset that does not exist, are documents: they keep them all.
    for (const path of ["/wiki", "/assets/no-such-file.js", "/coins/nope.svg"]) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(res.headers.get("content-security-policy"), path).toMatch(/script-src 'self' 'nonce-/);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(res.headers.get("reporting-endpoints"), path).toContain("csp-endpoint");
    }
  });

  it("caches coin icons for a year (a changed icon gets a new name), other public files for an hour", async () => {
    for (const coin of readdirSync(join(ROOT, "public/coins"))) {
      const res = await fetch(`${web.url}/coins/${coin}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000");
      expect(res.headers.get("etag")).toBeTruthy();
    }
    // Other spellings and unknown names are not icons, and a way out of the folder is not one either.
    for (const path of ["/coins/BTC.svg", "/coins/nope.svg", "/coins/", "/coins/..%2ffavicon.svg"]) {
      const res = await fetch(`${web.url}${path}`);
      if (!path.includes("..")) expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("max-age=31536000");
    }
    const favicon = await fetch(`${web.url}/favicon.svg`);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("renders unknown pages as a 404 document, and unknown gateway paths as a 404 envelope", async () => {
    const page = await fetch(`${web.url}/no/such/page`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("<html");
    expect(html).toContain("error-page");
    const api = await fetch(`${web.url}/v1/no/such/call`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "40404" });
  });

  it("forwards gateway calls to the embedded gateway", async () => {
    const res = await fetch(`${web.url}/v1/mix/public/usdtRate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("request-time")).toMatch(/^\d{13}$/);
    expect((await res.json()).code).toBe("00000");
  });

  it("stops on SIGTERM with exit code 0 and takes the embedded gateway down with it", async () => {
    const started = web.logs
      .map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return {};
        }
      })
      .find((e) => e.msg === "embedded gateway started");
    expect(started?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${started.url}/v1/mix/system/getDomainConfigList`)).status).toBe(200);
    expect(await web.stop("SIGTERM")).toBe(0);
    await expect(fetch(`${started.url}/v1/mix/system/getDomainConfigList`)).rejects.toThrow();
  });
});

describe("graceful shutdown", () => {
  let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
  const data = tempDataDir();
  beforeAll(async () => {
    echo = await startEchoUpstream();
  });
  afterAll(async () => {
    await echo.close();
    data.remove();
  });

  it("finishes an in-flight request after SIGTERM, refuses new ones, exits 0", async () => {
    const web = await startWeb({ GATEWAY_URL: echo.url, DATA_DIR: data.dir });
    echo.stallMs.value = 1200;
    const inFlight = fetch(`${web.url}/v1/slow`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"n":1}' });
    await new Promise((r) => setTimeout(r, 300));
    const exited = web.stop("SIGTERM");
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${web.url}/`)).rejects.toThrow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).data.bodyBase64).toBe(Buffer.from('{"n":1}').toString("base64"));
    expect(await exited).toBe(0);
    echo.stallMs.value = 0;
  });
});
