import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import forge from "node-forge";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateKeys } from "../../../gateway/security/keys";
import { openCiphertext } from "../../../gateway/security/decrypt";
import { ClientKeys, generatePair, KeyError } from "./client-keys";
import { memoryKeyStore } from "./key-store";
import { sealPayload, splitSensitive } from "./login-encryption";
import { SignConfigLoader, verifyServerKey } from "./sign-config";
import type { GatewaySignConfig } from "../../../protocol/signing";

const dir = mkdtempSync(join(tmpdir(), "mix-crypto-"));
const keys = loadOrCreateKeys(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config: GatewaySignConfig = {
  clientOpen: true,
  serverPublicKey: keys.serverPublicKey,
  serverPublicKeySign: keys.serverPublicKeySign,
  defaultAlgorithm: "rsa1024",
  exactUrls: {},
  prefixUrls: {},
  signModes: [0, 1, 2],
  userCheckDeviceUrl: [],
};

describe("login encryption, browser to gateway", () => {
  it("seals fields the gateway opens, with the client key and a valid initSign", async () => {
    const pair = await generatePair("rsa1024");
    const { secret, clear } = splitSensitive({ loginName: "a@b.co", pwd: "Passw0rd!", locale: "en" }, ["loginName", "pwd", "areaCode"]);
    expect(clear).toEqual({ locale: "en" });
    const sealed = await sealPayload(secret, pair, keys.serverPublicKey);
    const opened = openCiphertext(sealed, [keys.gatewayPrivate], keys.rejectionSecret);
    expect(opened).toMatchObject({ fields: { loginName: "a@b.co", pwd: "Passw0rd!" }, publicKey: pair.publicKey, algorithm: "rsa1024" });
    // IV, the key wrapped to the 2048-bit server modulus, then whole AES blocks.
    const length = Buffer.from(sealed, "base64").length;
    expect((length - 16 - 256) % 16).toBe(0);
    expect(length).toBeGreaterThan(16 + 256);
  });

  it("keeps the private key out of reach of scripts", async () => {
    const pair = await generatePair("rsa1024");
    expect(pair.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("pkcs8", pair.privateKey)).rejects.toThrow();
  });
});

describe("the issuer certificate check", () => {
  it("accepts the gateway's key and refuses a swapped key or signature", async () => {
    await expect(verifyServerKey(config, keys.issuerCertPem)).resolves.toBeUndefined();
    const other = loadOrCreateKeys(mkdtempSync(join(tmpdir(), "mix-other-")));
    await expect(verifyServerKey({ ...config, serverPublicKey: other.serverPublicKey }, keys.issuerCertPem)).rejects.toMatchObject({
      reason: "verification failed",
    });
    await expect(verifyServerKey(config, other.issuerCertPem)).rejects.toMatchObject({ reason: "verification failed" });
    await expect(verifyServerKey({ ...config, serverPublicKeySign: "" }, keys.issuerCertPem)).rejects.toMatchObject({
      reason: "server public key not issued",
    });
  });

  it("refuses an issuer with public exponent 3", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024, publicExponent: 3 });
    const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }) as string) as forge.pki.rsa.PrivateKey;
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
    cert.serialNumber = "01";
    cert.validity.notBefore = new Date(Date.now() - 1000);
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ name: "commonName", value: "weak" }]);
    cert.setIssuer([{ name: "commonName", value: "weak" }]);
    cert.setExtensions([{ name: "basicConstraints", cA: true }]);
    cert.sign(key, forge.md.sha256.create());
    const md = forge.md.sha256.create().update(config.serverPublicKey, "utf8");
    const sig = Buffer.from(key.sign(md), "binary").toString("base64");
    await expect(verifyServerKey({ ...config, serverPublicKeySign: sig }, forge.pki.certificateToPem(cert))).rejects.toMatchObject({
      reason: "verification failed",
    });
  });

  it("caches a verified config in session storage and loads it again after a reset", async () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    let fetched = 0;
    const loader = new SignConfigLoader({ fetchConfig: async () => (fetched++, config), storage }, () => keys.issuerCertPem);
    await loader.get();
    await loader.get();
    expect(fetched).toBe(1);
    expect(JSON.parse(store.get("sign-verify-gateway-sign-config")!)).toMatchObject({ clientOpen: true });
    loader.reset();
    expect(store.size).toBe(0);
    await loader.get();
    expect(fetched).toBe(2);
    const failing = new SignConfigLoader(
      {
        fetchConfig: async () => {
          throw new Error("down");
        },
      },
      () => keys.issuerCertPem,
    );
    await expect(failing.get()).rejects.toMatchObject({ reason: "config load failure" });
  });
});

describe("client keys", () => {
  it("refuse to make keys outside a secure context", async () => {
    const k = new ClientKeys(memoryKeyStore(), { secure: () => false });
    await expect(k.forLogin("rsa1024")).rejects.toMatchObject({ reason: "initClientKey_only_https" });
  });

  it("fall back to the stored backup when generation times out, and bind a pair to session and user", async () => {
    const store = memoryKeyStore();
    const backup = await generatePair("rsa1024");
    await store.put("backup:rsa1024", backup);
    const slow = new ClientKeys(store, { secure: () => true, timeoutMs: 10, generate: () => new Promise(() => undefined) });
    expect(await slow.forLogin("rsa1024")).toBe(backup);
    const none = new ClientKeys(memoryKeyStore(), { secure: () => true, timeoutMs: 10, generate: () => new Promise(() => undefined) });
    await expect(none.forLogin("rsa1024")).rejects.toBeInstanceOf(KeyError);

    const k = new ClientKeys(store, { secure: () => true });
    const pair = await k.forLogin("rsa1024");
    await k.bind("sid-1", "1000000001", pair);
    expect(await k.forSession("sid-1")).toBe(pair);
    expect(await k.forUser("1000000001")).toBe(pair);
    expect(await k.describe()).toEqual(expect.arrayContaining(["session", "user"]));
  });
});
