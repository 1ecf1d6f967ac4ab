import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateKeys } from "../../../gateway/security/keys";
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
async function page(answer: (path: string, sent: Sent[]) => Response) {
  const keys = new ClientKeys(memoryKeyStore());
  await keys.bind("sid-1", "u-1", await generatePair("rsa1024"));
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
    cookies: () => "bt_sid=sid-1",
    lastUser: { get: () => "u-1", set: () => undefined },
    lastLoginUser: { get: () => "u-1", set: () => undefined },
    notify: () => undefined,
    reload: () => reloaded(),
  });
  return { http, sent, reload };
}

describe("the page's logout", () => {
  it("signs the logout that follows a refused signature (00023), so the gateway ends the session", async () => {
    const { http, sent, reload } = await page((path) => (path === DEVICES ? envelope("00023") : envelope("00000")));
    await expect(http.post(DEVICES)).rejects.toMatchObject({ code: "00023" });
    await reload;
    const logout = sent.find((s) => s.path === PATHS.logout);
    expect(logout?.headers["device-sign-mode"]).toBe("1");
    expect(logout?.headers["device-sign"]).toEqual(expect.any(String));
    expect(sent.map((s) => s.path)).toEqual([DEVICES, PATHS.logout, PATHS.clearCookie]);
  });

  it("signs the logout of the session-end flow too", async () => {
    const { http, sent, reload } = await page((path) => (path === DEVICES ? envelope("20906") : envelope("00000")));
    await expect(http.post(DEVICES)).rejects.toMatchObject({ code: "20906" });
    await reload;
    const logout = sent.find((s) => s.path === PATHS.logout);
    expect(logout?.headers["device-sign-mode"]).toBe("1");
    expect(sent.map((s) => s.path)).toEqual([DEVICES, PATHS.logout, PATHS.clearCookie]);
  });
});
