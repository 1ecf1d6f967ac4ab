import { describe, expect, it, vi } from "vitest";
import { createHttpClient, normalisePath } from "./client";
import { ServerClock } from "./clock";
import { HttpError } from "./errors";
import type { Identity } from "./types";

const identity: Identity = { locale: "ja", languageType: 2, terminalCode: "tc-1", deviceId: "dev-1", paperTrading: false };

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" }, ...init });
}

function client(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  extra: Partial<Parameters<typeof createHttpClient>[0]> = {},
) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const http = createHttpClient({
    identity: () => identity,
    newTraceId: () => "trace-1",
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return fetchImpl(url, init);
    }) as typeof fetch,
    ...extra,
  });
  return { http, calls };
}

describe("http client", () => {
  it("sends every PROTOCOL §3 header and resolves the data of a success envelope", async () => {
    const { http, calls } = client(async () => json({ code: "00000", msg: "success", requestTime: 1, data: { a: 1 } }));
    await expect(http.post("v1/mix/public/usdtRate", { locale: "ja" })).resolves.toEqual({ a: 1 });
    const { url, init } = calls[0]!;
    expect(url).toBe("/v1/mix/public/usdtRate");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"locale":"ja"}');
    const h = init.headers as Record<string, string>;
    expect(h).toMatchObject({
      website: "mix",
      terminaltype: "1",
      locale: "ja",
      language: "2",
      terminalcode: "tc-1",
      deviceid: "dev-1",
      uhti: "trace-1",
    });
    expect(h.tm).toMatch(/^\d{13}$/);
    expect(h.paptrading).toBeUndefined();
  });

  it("marks simulation requests with paptrading 1", async () => {
    const { http, calls } = createSim();
    await http.get("/api/v2/public/time");
    expect((calls[0]!.init.headers as Record<string, string>).paptrading).toBe("1");
    function createSim() {
      const calls: Array<{ init: RequestInit }> = [];
      const http = createHttpClient({
        identity: () => ({ ...identity, paperTrading: true }),
        fetch: (async (_u: string, init: RequestInit) => {
          calls.push({ init });
          return json({ code: "00000", msg: "", requestTime: 1, data: null });
        }) as typeof fetch,
      });
      return { http, calls };
    }
  });

  it("accepts code 200 as success and fails any other code with its message", async () => {
    const ok = client(async () => json({ code: "200", msg: "", requestTime: 1, data: 7 }));
    await expect(ok.http.post("/v1/x")).resolves.toBe(7);
    const bad = client(async () => json({ code: "40017", msg: "Invalid parameter", requestTime: 1, data: null }, { status: 400 }));
    const err = await bad.http.post("/v1/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ kind: "code", code: "40017", message: "Invalid parameter", status: 400 });
  });

  it("takes a bare 200 body on GET but not on POST", async () => {
    const get = client(async () => json({ serverTime: "1" }));
    await expect(get.http.get("/api/v2/public/time")).resolves.toEqual({ serverTime: "1" });
    const post = client(async () => json({ serverTime: "1" }));
    await expect(post.http.post("/v1/x")).rejects.toMatchObject({ kind: "status", status: 200 });
  });

  it("rejects an empty API name before any request", async () => {
    const { http, calls } = client(async () => json({}));
    await expect(http.get("")).rejects.toMatchObject({ kind: "api-name", message: "wrong api name!" });
    await expect(http.post("  ")).rejects.toMatchObject({ message: "wrong api name!" });
    expect(calls).toHaveLength(0);
  });

  it("tells network errors, timeouts, aborts and status failures apart", async () => {
    const network = client(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(network.http.get("/v1/a")).rejects.toMatchObject({ kind: "network", message: "Network Error" });

    // Like fetch: never settles on its own, rejects once its signal aborts (or already has).
    const hang = client(
      (_u, init) =>
        new Promise((_r, reject) => {
          const fail = () => reject(new DOMException("aborted", "AbortError"));
          if (init.signal?.aborted) fail();
          init.signal?.addEventListener("abort", fail);
        }),
    );
    await expect(hang.http.request({ path: "/v1/a", timeoutMs: 20 })).rejects.toMatchObject({
      kind: "timeout",
      message: "timeout exceeded",
    });

    const caller = new AbortController();
    const pending = hang.http.request({ path: "/v1/a", signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "aborted", message: "request aborted" });

    const status = client(async () => new Response("oops", { status: 503 }));
    await expect(status.http.get("/v1/a")).rejects.toMatchObject({
      kind: "status",
      status: 503,
      message: "Request failed with status code 503",
    });
  });

  it("handles 429 quietly", async () => {
    const warn = vi.spyOn(console, "warn");
    const { http } = client(async () => new Response("", { status: 429 }));
    const err = (await http.get("/v1/a").catch((e: unknown) => e)) as HttpError;
    expect(err.isTooManyRequests).toBe(true);
    expect(err.message).toBe("too many requests");
    expect(warn).not.toHaveBeenCalled();
  });

  it("learns the server clock offset from request-time on POST only", async () => {
    let local = 1_700_000_000_000;
    const clock = new ServerClock(() => local);
    const serverTime = String(1_700_000_005_000);
    const { http, calls } = client(
      async () => json({ code: "00000", msg: "", requestTime: 1, data: null }, { headers: { "request-time": serverTime } }),
      { clock },
    );
    const realNow = Date.now;
    Date.now = () => local;
    try {
      await http.get("/v1/a");
      expect(clock.offset).toBe(0);
      await http.post("/v1/a");
      expect(clock.offset).toBe(5000);
      local += 10;
      await http.post("/v1/b");
      expect((calls[2]!.init.headers as Record<string, string>).tm).toBe(String(1_700_000_005_010));
    } finally {
      Date.now = realNow;
    }
  });

  it("runs steps in order on the exact outgoing request and lets a handler retry with headers", async () => {
    let n = 0;
    const { http, calls } = client(async () =>
      n++ === 0
        ? json({ code: "10021", msg: "captcha", requestTime: 1, data: { group: "gateway" } })
        : json({ code: "00000", msg: "", requestTime: 1, data: "done" }),
    );
    const seen: string[] = [];
    http.use((req) => {
      seen.push(`a:${req.body}`);
      req.body = '{"x":2}';
    });
    http.use((req) => {
      seen.push(`b:${req.body}`);
      req.headers["device-sign"] = "sig";
    });
    http.onResponse((res) => (res.envelope?.code === "10021" ? { retryWithHeaders: { "captcha-token": "tok" } } : undefined));
    await expect(http.post("/v1/user/login", { x: 1 })).resolves.toBe("done");
    expect(seen).toEqual(['a:{"x":1}', 'b:{"x":2}', 'a:{"x":1}', 'b:{"x":2}']);
    expect((calls[1]!.init.headers as Record<string, string>)["captcha-token"]).toBe("tok");
    expect(calls[1]!.init.body).toBe('{"x":2}');
  });

  it("prepares a request through every step without sending it", async () => {
    const { http, calls } = client(async () => json({ code: "00000", msg: "", data: null }));
    http.use((req) => {
      req.headers["device-sign"] = `signed:${req.path}:${req.headers.uhti}`;
    });
    const req = await http.prepare({ method: "GET", path: "/v2/ws/private" });
    expect(req).toMatchObject({ method: "GET", path: "/v2/ws/private", body: undefined });
    expect(req.headers).toMatchObject({ uhti: "trace-1", "device-sign": "signed:/v2/ws/private:trace-1" });
    expect(req.headers.tm).toMatch(/^\d{13}$/);
    expect(calls).toHaveLength(0);
  });

  it("lets a handler settle a call with its own envelope", async () => {
    const { http } = client(async () => json({ code: "10021", msg: "too many attempts", requestTime: 1, data: { group: "gateway" } }));
    http.onResponse((res) => ({ settle: { code: "90000001", msg: res.envelope?.msg ?? "", requestTime: 0, data: null } }));
    await expect(http.post("/v1/user/login")).rejects.toMatchObject({ code: "90000001", message: "too many attempts" });
  });

  it("rewrites image hosts in results except for the domain-config call", async () => {
    const body = { code: "00000", msg: "", requestTime: 1, data: { img: "https://a.example/x.png" } };
    const { http } = client(async () => json(body), { rewriteResult: () => ({ img: "rewritten" }) });
    await expect(http.get("/v1/any")).resolves.toEqual({ img: "rewritten" });
    await expect(http.get("/v1/mix/system/getDomainConfigList")).resolves.toEqual(body.data);
  });
});

describe("normalisePath", () => {
  it("prefixes a slash and appends the query", () => {
    expect(normalisePath("v1/a", { b: 1, c: undefined, d: "x y" })).toBe("/v1/a?b=1&d=x+y");
    expect(normalisePath("/v1/a?z=1", { b: true })).toBe("/v1/a?z=1&b=true");
  });
});
