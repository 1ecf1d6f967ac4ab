import { createHash, createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signModeFor, signingString } from "../../protocol/signing.ts";
import { keyIdOf } from "./decrypt.ts";

const v = JSON.parse(readFileSync("tests/fixtures/signing/vectors.json", "utf8"));

describe("gateway verification against the fixed vectors", () => {
  it("derives the same mode, signing string, md5 and key id, and accepts the signature", () => {
    const { request, expected } = v;
    const mode = signModeFor(v.config, request.path.split("?")[0]);
    expect(mode).toBe(expected.mode);
    const text = signingString(mode!, request.path, request.tm, request.uhti, request.body);
    expect(text).toBe(expected.signingString);
    expect(createHash("md5").update(text).digest("hex")).toBe(expected.md5);
    expect(keyIdOf(v.publicKey)).toBe(expected.keyId);
    const key = createPublicKey({ key: Buffer.from(v.publicKey, "base64"), format: "der", type: "spki" });
    expect(verify("sha256", Buffer.from(text), key, Buffer.from(expected.signature, "base64"))).toBe(true);
    expect(verify("sha256", Buffer.from(text + " "), key, Buffer.from(expected.signature, "base64"))).toBe(false);
  });

  it("treats an unknown mode as mode 0 and picks the longest prefix", () => {
    expect(signingString(7, "/p", "1795357016200", "u", "b")).toBe("/p17953570");
    expect(signModeFor({ exactUrls: {}, prefixUrls: { "/a/": 0, "/a/b/": 2 } }, "/a/b/c")).toBe(2);
    expect(signModeFor({ exactUrls: { "/a/b/c": 1 }, prefixUrls: { "/a/b/": 2 } }, "/a/b/c")).toBe(1);
    expect(signModeFor({ exactUrls: {}, prefixUrls: { "/a/": 0 } }, "/b")).toBeUndefined();
  });
});
