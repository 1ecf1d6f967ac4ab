import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { unwrapKey } from "./decrypt.ts";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const secret = randomBytes(32);

describe("unwrapKey", () => {
  it("returns the AES key a client wrapped with PKCS#1 v1.5", () => {
    const key = randomBytes(32);
    const wrapped = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, key);
    expect(unwrapKey(privateKey, wrapped, secret).equals(key)).toBe(true);
  });

  it("answers a wrong padding, a wrong length and garbage alike: a key derived from the input", () => {
    const short = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, randomBytes(31));
    const oaep = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, randomBytes(32));
    const garbage = randomBytes(256);
    for (const wrapped of [short, oaep, garbage, Buffer.alloc(256, 0xff), Buffer.alloc(3)]) {
      const a = unwrapKey(privateKey, wrapped, secret);
      expect(a).toHaveLength(32);
      expect(unwrapKey(privateKey, wrapped, secret).equals(a)).toBe(true);
    }
  });
});
