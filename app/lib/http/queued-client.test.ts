import { describe, expect, it } from "vitest";
import { createQueuedClient } from "./queued-client";
import type { HttpClient } from "./client";
import type { RequestOptions } from "./types";

function fakeHttp() {
  const pending: Array<{ opts: RequestOptions; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  const http = {
    request: (opts: RequestOptions) => new Promise((resolve, reject) => pending.push({ opts, resolve, reject })),
  } as unknown as HttpClient;
  return { http, pending };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("queued client", () => {
  it("keeps at most two calls in flight and starts the next when one ends", async () => {
    const { http, pending } = fakeHttp();
    const q = createQueuedClient(http);
    const results = [1, 2, 3].map((i) => q.request({ path: `/v1/p${i}` }));
    await tick();
    expect(pending.map((p) => p.opts.path)).toEqual(["/v1/p1", "/v1/p2"]);
    expect(q.waiting).toBe(1);
    pending[0]!.resolve("one");
    await tick();
    await tick();
    expect(pending.map((p) => p.opts.path)).toEqual(["/v1/p1", "/v1/p2", "/v1/p3"]);
    pending[1]!.resolve("two");
    pending[2]!.resolve("three");
    await expect(Promise.all(results)).resolves.toEqual(["one", "two", "three"]);
    expect(pending[0]!.opts.timeoutMs).toBe(60_000);
  });

  it("serves identical calls within the gap from one request, and asks again after it", async () => {
    const { http, pending } = fakeHttp();
    let now = 0;
    const q = createQueuedClient(http, { now: () => now });
    const a = q.request({ method: "POST", path: "/v1/r", body: { locale: "en" } });
    const b = q.request({ method: "POST", path: "/v1/r", body: { locale: "en" } });
    const other = q.request({ method: "POST", path: "/v1/r", body: { locale: "ja" } });
    await tick();
    expect(pending).toHaveLength(2);
    pending[0]!.resolve("en");
    pending[1]!.resolve("ja");
    await expect(Promise.all([a, b, other])).resolves.toEqual(["en", "en", "ja"]);
    now = 500;
    await expect(q.request({ method: "POST", path: "/v1/r", body: { locale: "en" } })).resolves.toBe("en");
    expect(pending).toHaveLength(2);
    now = 1500;
    const c = q.request({ method: "POST", path: "/v1/r", body: { locale: "en" } });
    await tick();
    expect(pending).toHaveLength(3);
    pending[2]!.resolve("fresh");
    await expect(c).resolves.toBe("fresh");
  });

  it("does not keep a failure: the next identical call asks again", async () => {
    const { http, pending } = fakeHttp();
    const q = createQueuedClient(http);
    const a = q.request({ path: "/v1/x" });
    await tick();
    pending[0]!.reject(new Error("boom"));
    await expect(a).rejects.toThrow("boom");
    const b = q.request({ path: "/v1/x" });
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve("ok");
    await expect(b).resolves.toBe("ok");
  });
});
