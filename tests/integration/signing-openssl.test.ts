import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const DIR = "tests/fixtures/signing";
const v = JSON.parse(readFileSync(`${DIR}/vectors.json`, "utf8"));

/** The openssl command line, an implementation of its own, checks the same vectors. */
describe("fixed signing vectors, checked by openssl", () => {
  it("gives the same RSA-SHA256 signature, MD5 and key id", () => {
    const text = Buffer.from(v.expected.signingString, "utf8");
    const signature = execFileSync("openssl", ["dgst", "-sha256", "-sign", `${DIR}/test-client-key.pem`], { input: text });
    expect(signature.toString("base64")).toBe(v.expected.signature);
    const md5 = execFileSync("openssl", ["dgst", "-md5", "-r"], { input: text }).toString().split(" ")[0];
    expect(md5).toBe(v.expected.md5);
    const der = Buffer.from(v.publicKey, "base64");
    const pubFromKey = execFileSync("openssl", ["pkey", "-in", `${DIR}/test-client-key.pem`, "-pubout", "-outform", "DER"]);
    expect(pubFromKey.equals(der)).toBe(true);
    const sha = execFileSync("openssl", ["dgst", "-sha256", "-r"], { input: der }).toString().split(" ")[0]!;
    expect(sha.slice(0, 32)).toBe(v.expected.keyId);
  });
});
