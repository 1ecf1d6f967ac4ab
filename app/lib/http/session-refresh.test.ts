import { describe, expect, it } from "vitest";
import { REFRESH_SETTLE_MS, sessionRefresh } from "./session-refresh";
import type { OutgoingRequest } from "./types";

const request = (path = "/v1/user/security/devices"): OutgoingRequest => ({ method: "POST", path, headers: {}, body: "{}" });
const answer = (code: string) => ({ code, msg: "m", requestTime: 1, data: null });

describe("session refresh", () => {
  it("does not refresh again a session it got from a refresh moments ago, but does once it has aged", async () => {
    let sid = "a";
    let at = 1_000;
    let refreshes = 0;
    const { step, handler } = sessionRefresh({
      sessionId: () => sid,
      refresh: async () => {
        refreshes++;
        sid = sid === "a" ? "b" : "c";
        return { sessionId: sid };
      },
      carryKey: async () => undefined,
      now: () => at,
    });
    const call = async () => {
      const req = request();
      await step(req);
      return handler({ request: req, status: 200, headers: new Headers(), envelope: answer("00004") });
    };
    expect(await call()).toEqual({ retryWithHeaders: {} });
    // Session b, fresh from the refresh, ended at once: ended on purpose, so the session-end flow runs.
    expect(await call()).toBeUndefined();
    expect(refreshes).toBe(1);
    at += REFRESH_SETTLE_MS;
    expect(await call()).toEqual({ retryWithHeaders: {} });
    expect(refreshes).toBe(2);
  });

  it("leaves other codes and a refresh that names no new session alone", async () => {
    const { step, handler } = sessionRefresh({ sessionId: () => "a", refresh: async () => ({}), carryKey: async () => undefined });
    const req = request();
    await step(req);
    expect(await handler({ request: req, status: 200, headers: new Headers(), envelope: answer("20906") })).toBeUndefined();
    expect(await handler({ request: req, status: 200, headers: new Headers(), envelope: answer("00004") })).toBeUndefined();
  });
});
