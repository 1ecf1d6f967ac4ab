import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { GatewayError, installEnvelope } from "../../envelope.ts";
import { EngineError } from "../engine/types.ts";
import { Authenticator } from "./auth.ts";
import { privateRoute } from "./private-route.ts";
import { engineCall } from "./query.ts";
import { RateLimiter } from "./rate-limit.ts";

describe("engineCall without an async frame (decision 355, round 4)", () => {
  it("maps an engine refusal to its envelope error, thrown or rejected, and leaves the rest as they are", async () => {
    const refusal = new EngineError("43012", "Insufficient balance");
    for (const fn of [
      () => {
        throw refusal;
      },
      () => Promise.reject(refusal),
      async () => {
        await Promise.resolve();
        throw refusal;
      },
    ]) {
      const err = await engineCall(fn).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ code: "43012", message: "Insufficient balance", status: 400 });
    }
    const other = new TypeError("bug");
    await expect(engineCall(() => Promise.reject(other))).rejects.toBe(other);
    await expect(
      engineCall(() => {
        throw other;
      }),
    ).rejects.toBe(other);
    await expect(engineCall(() => 7)).resolves.toBe(7);
    await expect(engineCall(async () => ({ a: 1 }))).resolves.toEqual({ a: 1 });
    // a foreign thenable's rejection is mapped too
    const thenable = { then: (_ok: unknown, fail: (e: unknown) => void) => fail(refusal) } as unknown as Promise<number>;
    await expect(engineCall(() => thenable)).rejects.toMatchObject({ code: "43012" });
  });

  it("a private route answers a refusal before the engine, an engine refusal and a success as envelopes", async () => {
    const app = Fastify();
    installEnvelope(app);
    const auth = new Authenticator((req) =>
      req.headers["x-user"] ? { userId: String(req.headers["x-user"]), via: "session", permissions: ["read"] } : undefined,
    );
    const route = privateRoute(app, { auth, limiter: new RateLimiter(false) });
    route("POST", "/ok", 10, false, async (_req, p) => ({ code: "00000", msg: "success", data: p.userId }));
    route("POST", "/engine", 10, false, async () => {
      throw new EngineError("43012", "Insufficient balance");
    });
    route("POST", "/trade", 10, true, async () => "never");
    const call = (url: string, user?: string) => app.inject({ method: "POST", url, headers: user ? { "x-user": user } : {} });
    const ok = await call("/ok", "u1");
    expect([ok.statusCode, ok.json()]).toEqual([200, { code: "00000", msg: "success", data: "u1" }]);
    const noAuth = await call("/ok");
    expect([noAuth.statusCode, noAuth.json().code]).toEqual([401, "40001"]);
    const engine = await call("/engine", "u1");
    expect([engine.statusCode, engine.json().code, engine.json().msg]).toEqual([400, "43012", "Insufficient balance"]);
    const trade = await call("/trade", "u1");
    expect([trade.statusCode, trade.json().code]).toEqual([403, "40014"]);
    await app.close();
  });
});
