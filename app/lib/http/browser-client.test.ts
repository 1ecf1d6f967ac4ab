import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateKeys } from "../../../gateway/security/keys";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { PATHS } from "../../../protocol/paths";
import type { GatewaySignConfig } from "../../../protocol/signing";
import { ClientKeys, generatePair } from "~/lib/crypto/client-keys";
import { memoryKeyStore } from "~/lib/crypto/key-store";
import { createBrowserHttp } from "./browser-client";

const dir = mkdtempSync(join(tmpdir(), "mix-browser-client-"));
const gatewayKeys = loadOrCreateKeys(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEVICES = "/v1/user/security/devices";
const config: GatewaySignConfig = {
  clientOpen: true,
  serverPublicKey: gatewayKeys.serverPublicKey,
  serverPublicKeySign: gatewayKeys.serverPublicKeySign,
  defaultAlgorithm: "rsa1024",
  exactUrls: { [PATHS.logout]: 1, [DEVICES]: 1 },
  prefixUrls: {},
  signModes: [0, 1, 2],
  userCheckDeviceUrl: [],
};
const identity = () => ({ locale: "en", languageType: 0, terminalCode: "t", deviceId: "d", paperTrading: false });
const envelope = (code: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg: `answer ${code}`, requestTime: 1, data }), { headers: { "content-type": "application/json" } });

interface Sent {
  path: string;
  headers: Record<string, string>;
}

/**
 * The page's client against a fake gateway: `answer` decides each call's envelope; the page
 * holds a session `sid` whose key pair is bound, as after a login.
 */
async function page(answer: (path: string, sent: Sent[]) => Response, cookies = () => "bt_sid=sid-1") {
  const keys = new ClientKeys(memoryKeyStore());
  await keys.bind("sid-1", "u-1", await generatePair("rsa1024"));
  let reloads = 0;
  const sent: Sent[] = [];
  let reloaded!: () => void;
  const reload = new Promise<void>((resolve) => (reloaded = resolve));
  const http = createBrowserHttp({
    identity,
    fetch: (async (url: string, init: RequestInit) => {
      const path = url.split("?")[0]!;
      if (path === PATHS.gatewaySignConfig) return envelope("00000", { gatewaySignConfig: config });
      sent.push({ path, headers: init.headers as Record<string, string> });
      return answer(path, sent);
    }) as typeof fetch,
    issuerPem: () => gatewayKeys.issuerCertPem,
    present: async () => null,
    keys,
    cookies,
    lastUser: { get: () => "u-1", set: () => undefined },
    lastLoginUser: { get: () => "u-1", set: () => undefined },
    notify: () => undefined,
    reload: () => {
      reloads++;
      reloaded();
    },
  });
  return { http, sent, reload, reloads: () => reloads };
}

describe("the page's logout", () => {
  it.each([
    ["that follows a refused signature (00023)", "00023"],
    ["of the session-end flow", "20906"],
  ])("is signed %s, so the gateway ends the session", async (_, code) => {
    const { http, sent, reload } = await page((path) => (path === DEVICES ? envelope(code) : envelope("00000")));
    await expect(http.post(DEVICES)).rejects.toMatchObject({ code });
    await reload;
    const logout = sent.find((s) => s.path === PATHS.logout);
    expect(logout?.headers["device-sign-mode"]).toBe("1");
    expect(logout?.headers["device-sign"]).toEqual(expect.any(String));
    expect(sent.map((s) => s.path)).toEqual([DEVICES, PATHS.logout, PATHS.clearCookie]);
  });
});

describe("an idle-expired session", () => {
  /** A gateway whose session `sid-1` idled out: refresh swaps it for `sid-2` (when `refreshes`), which answers. */
  async function idledOut(refreshes: boolean) {
    let sid = "sid-1";
    const p = await page(
      (path, sent) => {
        if (path === ACCOUNT_PATHS.refresh) {
          if (!refreshes) return envelope("00004");
          sid = "sid-2";
          return envelope("00000", { sessionId: "sid-2" });
        }
        if (path === DEVICES) {
          const signed = sent.at(-1)?.headers["device-sign"] !== undefined;
          return sid === "sid-2" && signed ? envelope("00000", { list: [] }) : envelope("00004");
        }
        return envelope("00000");
      },
      () => `bt_sid=${sid}`,
    );
    return p;
  }

  it("is refreshed once and the call sent again, signed with the page's key under the new session", async () => {
    const { http, sent, reloads } = await idledOut(true);
    await expect(http.post(DEVICES)).resolves.toEqual({ list: [] });
    expect(sent.map((s) => s.path)).toEqual([DEVICES, ACCOUNT_PATHS.refresh, DEVICES]);
    expect(sent[2]!.headers["device-sign-mode"]).toBe("1");
    expect(reloads()).toBe(0);
  });

  it("shares one refresh among calls that fail together", async () => {
    const { http, sent } = await idledOut(true);
    const all = await Promise.all([http.post(DEVICES), http.post(DEVICES), http.post(DEVICES)]);
    expect(all).toEqual([{ list: [] }, { list: [] }, { list: [] }]);
    expect(sent.filter((s) => s.path === ACCOUNT_PATHS.refresh)).toHaveLength(1);
  });

  it("falls back to the session-end logout when the refresh is refused, and does not try again", async () => {
    const { http, sent, reload } = await idledOut(false);
    await expect(http.post(DEVICES)).rejects.toMatchObject({ code: "00004" });
    await reload;
    expect(sent.map((s) => s.path)).toEqual([DEVICES, ACCOUNT_PATHS.refresh, PATHS.logout, PATHS.clearCookie]);
    await expect(http.post(DEVICES)).rejects.toMatchObject({ code: "00004" });
    expect(sent.filter((s) => s.path === ACCOUNT_PATHS.refresh)).toHaveLength(1);
  });

  it("is not refreshed for a guest, nor for user info and the refresh, logout and clearCookie calls themselves", async () => {
    const guest = await page(
      () => envelope("00004"),
      () => "",
    );
    await expect(guest.http.post(DEVICES)).rejects.toMatchObject({ code: "00004" });
    expect(guest.sent.some((s) => s.path === ACCOUNT_PATHS.refresh)).toBe(false);
    const own = await page(() => envelope("00004"));
    await expect(own.http.post(ACCOUNT_PATHS.refresh)).rejects.toMatchObject({ code: "00004" });
    await expect(own.http.post(PATHS.clearCookie)).rejects.toMatchObject({ code: "00004" });
    await expect(own.http.post(PATHS.userInfo)).rejects.toMatchObject({ code: "00004" });
    expect(own.sent.filter((s) => s.path === ACCOUNT_PATHS.refresh)).toHaveLength(1);
  });
});
