import { describe, expect, it, vi } from "vitest";
import { createHttpClient } from "./client";
import { captchaLoop } from "./captcha-loop";
import { sessionEndHandler } from "./session-end";

const identity = () => ({ locale: "en", languageType: 0, terminalCode: "t", deviceId: "d", paperTrading: false });
const env = (code: string, data: unknown = null, msg = "m") =>
  new Response(JSON.stringify({ code, msg, requestTime: 1, data }), { headers: { "content-type": "application/json" } });

describe("captcha loop", () => {
  it("retries the call with the token once the challenge is solved", async () => {
    const seen: Array<Record<string, string>> = [];
    let n = 0;
    const http = createHttpClient({
      identity,
      fetch: (async (_u: string, init: RequestInit) => {
        seen.push(init.headers as Record<string, string>);
        return n++ === 0 ? env("10021", { group: "gateway", scene: "login" }, "check needed") : env("00000", { ok: 1 });
      }) as typeof fetch,
    });
    const present = vi.fn(async () => "tok-1");
    http.onResponse(captchaLoop(present));
    await expect(http.post("/v1/user/login", {})).resolves.toEqual({ ok: 1 });
    expect(present).toHaveBeenCalledWith("login");
    expect(seen[1]!["captcha-token"]).toBe("tok-1");
    expect(seen[0]!["captcha-token"]).toBeUndefined();
  });

  it("settles with 90000001 and the original message when abandoned", async () => {
    const http = createHttpClient({
      identity,
      fetch: (async () => env("10021", { group: "gateway", scene: "register" }, "Please complete the security check")) as typeof fetch,
    });
    http.onResponse(captchaLoop(async () => null));
    await expect(http.post("/v1/user/register/email", {})).rejects.toMatchObject({
      code: "90000001",
      message: "Please complete the security check",
    });
  });

  it("leaves other groups and the captcha calls alone", async () => {
    const present = vi.fn(async () => "x");
    const other = createHttpClient({ identity, fetch: (async () => env("10021", { group: "other" })) as typeof fetch });
    other.onResponse(captchaLoop(present));
    await expect(other.post("/v1/a", {})).rejects.toMatchObject({ code: "10021" });
    const own = createHttpClient({ identity, fetch: (async () => env("10021", { group: "gateway" })) as typeof fetch });
    own.onResponse(captchaLoop(present));
    await expect(own.post("/v1/security/policy/captcha/check-captcha", {})).rejects.toMatchObject({ code: "10021" });
    expect(present).not.toHaveBeenCalled();
  });
});

describe("session end", () => {
  it("logs out, clears cookies and reloads once for a burst of session-end answers", async () => {
    const posted: string[] = [];
    const reload = vi.fn();
    const handler = sessionEndHandler({ post: async (p) => void posted.push(p), reload });
    const http = createHttpClient({ identity, fetch: (async () => env("20906", null, "logged in elsewhere")) as typeof fetch });
    http.onResponse(handler);
    const calls = await Promise.allSettled([http.post("/v1/a"), http.post("/v1/b"), http.post("/v1/c")]);
    expect(calls.every((c) => c.status === "rejected")).toBe(true);
    expect(posted).toEqual(["/v1/user/logout", "/v1/user/public/clearCookie"]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("ignores the user-info call and other codes, and still reloads if logout fails", async () => {
    const reload = vi.fn();
    const posted: string[] = [];
    const handler = sessionEndHandler({
      post: async (p) => {
        posted.push(p);
        if (p === "/v1/user/logout") throw new Error("gone");
      },
      reload,
    });
    const req = (path: string) => ({ method: "POST" as const, path, headers: {}, body: undefined });
    await handler({
      request: req("/v1/user/overview/userinfo"),
      status: 200,
      headers: new Headers(),
      envelope: { code: "00004", msg: "", requestTime: 0, data: null },
    });
    await handler({
      request: req("/v1/x"),
      status: 200,
      headers: new Headers(),
      envelope: { code: "40017", msg: "", requestTime: 0, data: null },
    });
    expect(reload).not.toHaveBeenCalled();
    await handler({
      request: req("/v1/x"),
      status: 200,
      headers: new Headers(),
      envelope: { code: "20205", msg: "frozen", requestTime: 0, data: null },
    });
    expect(posted).toEqual(["/v1/user/logout", "/v1/user/public/clearCookie"]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
