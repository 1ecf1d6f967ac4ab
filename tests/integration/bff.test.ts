import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startEchoUpstream } from "../setup/echo-upstream";
import { startWeb, tempDataDir, type Started } from "../setup/processes";

let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
let web: Started;
const data = tempDataDir();

beforeAll(async () => {
  echo = await startEchoUpstream();
  web = await startWeb({ GATEWAY_URL: echo.url, DATA_DIR: data.dir, BFF_TIMEOUT_MS: "1500", BFF_BODY_LIMIT: "65536" });
});
afterAll(async () => {
  await web?.stop();
  await echo?.close();
  data.remove();
});

/** A raw HTTP/1.1 request, so the test controls every header and byte. */
function raw(opts: {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | Buffer[];
  slowReader?: boolean;
}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; rawHeaders: string[]; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: web.port, method: opts.method, path: opts.path, headers: opts.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => {
          chunks.push(c);
          // A slow reader: the web server's socket buffer fills and it must wait for "drain".
          if (opts.slowReader && chunks.length % 16 === 0) {
            res.pause();
            setTimeout(() => res.resume(), 5);
          }
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      const parts = Array.isArray(opts.body) ? opts.body : opts.body ? [opts.body] : [];
      for (const p of parts) req.write(p);
      req.end();
    },
  );
}

describe("BFF forwarding (real web server, stand-in upstream)", () => {
  it("forwards method, path, query, body bytes and signature headers unchanged", async () => {
    // Not valid UTF-8 on purpose: the bytes must survive as bytes.
    const body = Buffer.concat([Buffer.from('{"a":"é"}'), Buffer.from([0xff, 0xfe, 0x00, 0x80])]);
    const signed = {
      "content-type": "application/json",
      "device-sign": "c2lnbmF0dXJl+/=",
      "device-sign-mode": "2",
      "device-sign-data-md5": "0123456789abcdef0123456789abcdef",
      "device-sign-key": "fedcba9876543210fedcba9876543210",
      tm: "1795357016200",
      uhti: "abc123",
      website: "mix",
      "x-custom": "  spaced value ",
    };
    const before = echo.seen.length;
    const res = await raw({
      method: "POST",
      path: "/v1/some/path?b=2&a=%20x",
      headers: { ...signed, "content-length": String(body.length) },
      body,
    });
    expect(res.status).toBe(200);
    const seen = echo.seen[before]!;
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/v1/some/path?b=2&a=%20x");
    expect(seen.body.equals(body)).toBe(true);
    for (const [k, v] of Object.entries(signed)) expect(seen.headers[k]).toBe(v.trim() === v ? v : v.trim());
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen.headers["x-forwarded-proto"]).toBe("http");
    const parsed = JSON.parse(res.body.toString());
    expect(Buffer.from(parsed.data.bodyBase64, "base64").equals(body)).toBe(true);
  });

  it("drops hop-by-hop headers both ways, passes set-cookie back, streams a chunked body", async () => {
    const before = echo.seen.length;
    const chunks = [Buffer.from('{"part":'), Buffer.from('"one"'), Buffer.from("}")];
    const res = await raw({
      method: "POST",
      path: "/btapi/common/logout",
      headers: {
        "content-type": "application/json",
        connection: "keep-alive, x-drop-me",
        "x-drop-me": "1",
        "proxy-authorization": "secret",
        te: "trailers",
      },
      body: chunks,
    });
    const seen = echo.seen[before]!;
    expect(seen.body.toString()).toBe('{"part":"one"}');
    expect(seen.headers["x-drop-me"]).toBeUndefined();
    expect(seen.headers["proxy-authorization"]).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
    expect(res.headers["x-upstream"]).toBe("echo");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps an upstream's own security header instead of adding the web host's, sending it once", async () => {
    const res = await raw({ method: "GET", path: "/v1/own-header", headers: { "x-echo-header": "Referrer-Policy: no-referrer" } });
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.rawHeaders.filter((name) => name.toLowerCase() === "referrer-policy")).toHaveLength(1);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("streams a large answer through intact, to a client that reads it slowly", async () => {
    const size = 8 * 1024 * 1024;
    const res = await raw({ method: "GET", path: "/v1/large", headers: { "x-echo-bytes": String(size) }, slowReader: true });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(size);
    expect(res.body.equals(Buffer.alloc(size, "0123456789abcdef"))).toBe(true);
  });

  it("forwards /api/* GETs and keeps a client's forged X-Forwarded-For out", async () => {
    const before = echo.seen.length;
    await raw({ method: "GET", path: "/api/v2/spot/market/tickers?symbol=BTCUSDT", headers: { "x-forwarded-for": "6.6.6.6" } });
    const seen = echo.seen[before]!;
    expect(seen.url).toBe("/api/v2/spot/market/tickers?symbol=BTCUSDT");
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("refuses a body over the limit with a 413 envelope, declared or streamed", async () => {
    const big = Buffer.alloc(70_000, 0x61);
    const declared = await raw({
      method: "POST",
      path: "/v1/x",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString())).toMatchObject({ code: "41300" });

    const streamed = await raw({
      method: "POST",
      path: "/v1/x",
      headers: { "content-type": "application/json" },
      body: [big.subarray(0, 40_000), big.subarray(40_000)],
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body.toString())).toMatchObject({ code: "41300" });
  });

  it("answers 504 with an envelope when the upstream is slower than the limit", async () => {
    echo.stallMs.value = 4000;
    try {
      const started = Date.now();
      const res = await raw({ method: "POST", path: "/v1/slow", headers: { "content-type": "application/json" }, body: Buffer.from("{}") });
      expect(res.status).toBe(504);
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: "50400", data: null });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      echo.stallMs.value = 0;
    }
  });

  it("stops the upstream call when the client goes away, and keeps serving", async () => {
    echo.stallMs.value = 1200;
    try {
      const before = echo.abandoned.value;
      const req = httpRequest({ host: "127.0.0.1", port: web.port, method: "GET", path: "/v1/left-early" });
      req.on("error", () => {});
      req.end();
      await new Promise((r) => setTimeout(r, 200));
      req.destroy();
      await expect.poll(() => echo.abandoned.value, { timeout: 1000 }).toBe(before + 1);
    } finally {
      echo.stallMs.value = 0;
    }
    expect((await raw({ method: "GET", path: "/v1/after" })).status).toBe(200);
  });

  it("pipes WebSocket upgrades on /v2/ws/* both ways", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${web.port}/v2/ws/public`);
    const reply = await new Promise<string>((resolve, reject) => {
      ws.on("open", () => ws.send("ping"));
      ws.on("message", (m) => resolve(String(m)));
      ws.on("error", reject);
    });
    expect(reply).toBe("echo:ping");
    ws.close();
  });
});

describe("BFF behind a trusted proxy", () => {
  it("names the visitor the trusted proxy names (one address) and honours its https for HSTS", async () => {
    const trustedData = tempDataDir();
    const trusted = await startWeb({ GATEWAY_URL: echo.url, DATA_DIR: trustedData.dir, TRUST_PROXY: "loopback" });
    try {
      const before = echo.seen.length;
      const api = await fetch(`${trusted.url}/v1/whoami`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" },
      });
      expect(echo.seen[before]!.headers["x-forwarded-for"]).toBe("203.0.113.7");
      expect(echo.seen[before]!.headers["x-forwarded-proto"]).toBe("https");
      expect(api.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      const page = await fetch(`${trusted.url}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await trusted.stop();
      trustedData.remove();
    }
  });
});

describe("BFF with the gateway down", () => {
  it("answers a 502 envelope at once for HTTP and refuses the WebSocket", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const downData = tempDataDir();
    const down = await startWeb({ GATEWAY_URL: `http://127.0.0.1:${port}`, DATA_DIR: downData.dir });
    try {
      const res = await fetch(`${down.url}/v1/mix/public/usdtRate`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: "50200", msg: expect.stringContaining("Gateway unavailable") });

      const ws = new WebSocket(`ws://127.0.0.1:${down.port}/v2/ws/public`);
      const status = await new Promise<number>((resolve) => ws.on("unexpected-response", (_req, r) => resolve(r.statusCode ?? 0)));
      expect(status).toBe(502);

      // The page still renders, with its error state instead of data.
      const page = await fetch(down.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('role="alert"');
    } finally {
      expect(await down.stop()).toBe(0);
      downData.remove();
    }
  });
});
