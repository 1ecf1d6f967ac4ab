import { createDecipheriv, createHash, createHmac, createPublicKey, verify } from "node:crypto";
import type forge from "node-forge";
import { AES_IV_BYTES, AES_KEY_BYTES, INIT_SIGN_MESSAGE, KEY_BITS, type KeyAlgorithm } from "../../protocol/signing.ts";

export type DecryptFailure = "format" | "unreadable" | "payload" | "init-sign" | "algorithm";

export class DecryptError extends Error {
  constructor(readonly reason: DecryptFailure) {
    super(reason);
  }
}

export interface OpenedPayload {
  fields: Record<string, unknown>;
  publicKey: string;
  algorithm: KeyAlgorithm;
}

/**
 * RSAES-PKCS1-v1_5 unwrap with implicit rejection: when the padding is wrong, or the result is
 * not a 32-byte key, a key derived from the ciphertext and a secret is used instead, so a bad
 * padding and a wrong key both end as an unreadable payload and answer the same (no oracle).
 * Node 20 refuses PKCS#1 v1.5 decryption (CVE-2023-46809); forge does it in JavaScript.
 */
export function unwrapKey(privateKey: forge.pki.rsa.PrivateKey, wrapped: Buffer, secret: Buffer): Buffer {
  const fallback = createHmac("sha256", secret).update(wrapped).digest();
  let key: Buffer | undefined;
  try {
    const out = privateKey.decrypt(wrapped.toString("binary"), "RSAES-PKCS1-V1_5");
    key = Buffer.from(out, "binary");
  } catch {
    key = undefined;
  }
  return key && key.length === AES_KEY_BYTES ? key : fallback;
}

/** Opens `bodyCiphertext = base64(IV ‖ encryptedKey ‖ ciphertext)` (PROTOCOL.md §6). */
export function openCiphertext(
  bodyCiphertext: string,
  privateKey: forge.pki.rsa.PrivateKey,
  modulusBytes: number,
  secret: Buffer,
): OpenedPayload {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bodyCiphertext)) throw new DecryptError("format");
  const raw = Buffer.from(bodyCiphertext, "base64");
  // At least one AES block after the IV and the wrapped key; whole blocks only.
  const cipherLen = raw.length - AES_IV_BYTES - modulusBytes;
  if (cipherLen < 16 || cipherLen % 16 !== 0) throw new DecryptError("format");
  const iv = raw.subarray(0, AES_IV_BYTES);
  const wrapped = raw.subarray(AES_IV_BYTES, AES_IV_BYTES + modulusBytes);
  const key = unwrapKey(privateKey, wrapped, secret);
  let text: string;
  try {
    const d = createDecipheriv("aes-256-cbc", key, iv);
    text = Buffer.concat([d.update(raw.subarray(AES_IV_BYTES + modulusBytes)), d.final()]).toString("utf8");
  } catch {
    throw new DecryptError("unreadable");
  }
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    payload = parsed as Record<string, unknown>;
  } catch {
    throw new DecryptError("unreadable");
  }
  const { algorithm, publicKey, initSign, ...fields } = payload;
  if ((algorithm !== "rsa1024" && algorithm !== "rsa2048") || typeof publicKey !== "string" || typeof initSign !== "string") {
    throw new DecryptError("payload");
  }
  let keyObject;
  try {
    keyObject = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" });
  } catch {
    throw new DecryptError("payload");
  }
  if (keyObject.asymmetricKeyType !== "rsa" || keyObject.asymmetricKeyDetails?.modulusLength !== KEY_BITS[algorithm]) {
    throw new DecryptError("algorithm");
  }
  if (!verify("sha256", Buffer.from(INIT_SIGN_MESSAGE, "utf8"), keyObject, Buffer.from(initSign, "base64"))) {
    throw new DecryptError("init-sign");
  }
  return { fields, publicKey, algorithm };
}

/** PROTOCOL.md §5 key id: the first 32 hex characters of SHA-256 over the SPKI DER. */
export function keyIdOf(publicKeyB64: string): string {
  return createHash("sha256").update(Buffer.from(publicKeyB64, "base64")).digest("hex").slice(0, 32);
}
