import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { signatureHeaders, keyIdOf } from "./signing";
import { base64ToBytes } from "./encoding";

const vectors = JSON.parse(readFileSync("tests/fixtures/signing/vectors.json", "utf8"));
const pem = readFileSync("tests/fixtures/signing/test-client-key.pem", "utf8");

async function importKey(): Promise<CryptoKey> {
  const der = base64ToBytes(pem.replace(/-----[^-]+-----|\s/g, ""));
  return crypto.subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
}

describe("browser signing against the fixed vectors", () => {
  it("produces the expected device-sign headers", async () => {
    const key = { privateKey: await importKey(), publicKey: vectors.publicKey };
    const { request, expected } = vectors;
    const headers = await signatureHeaders(vectors.config, key, {
      path: request.path,
      body: request.body,
      headers: { tm: request.tm, uhti: request.uhti },
    });
    expect(headers).toEqual({
      "device-sign": expected.signature,
      "device-sign-mode": String(expected.mode),
      "device-sign-data-md5": expected.md5,
      "device-sign-key": expected.keyId,
    });
    expect(await keyIdOf(base64ToBytes(vectors.publicKey))).toBe(expected.keyId);
  });

  it("signs nothing the config does not list, and refuses a bad path or missing tm/uhti with an error log", async () => {
    const key = { privateKey: await importKey(), publicKey: vectors.publicKey };
    expect(
      await signatureHeaders(vectors.config, key, { path: "/v1/mix/public/usdtRate", body: "{}", headers: { tm: "1", uhti: "u" } }),
    ).toBeUndefined();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await signatureHeaders(vectors.config, key, { path: "/api/v2/spot/trade/x", body: "", headers: { uhti: "u" } })).toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("tm and uhti"));
  });
});
