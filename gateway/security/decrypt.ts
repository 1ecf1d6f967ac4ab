import { constants, createDecipheriv, createHash, createHmac, createPublicKey, privateDecrypt, verify, type KeyObject } from "node:crypto";
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
 * RSAES-PKCS1-v1_5 unwrap with implicit rejection (docs/decisions/007): the raw RSA step is
 * OpenSSL's (no padding), the padding is checked here over every byte without an early exit,
 * and when it is wrong, or the message is not a 32-byte key, a key derived from the ciphertext
 * and a secret stands in, so a bad padding and a wrong key both end as an unreadable payload.
 */
export function unwrapKey(privateKey: KeyObject, wrapped: Buffer, secret: Buffer): Buffer {
  const fallback = createHmac("sha256", secret).update(wrapped).digest();
  let em: Buffer;
  try {
    em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, wrapped);
  } catch {
    return fallback;
  }
  // EM = 0x00 ‖ 0x02 ‖ PS (≥ 8 non-zero bytes) ‖ 0x00 ‖ M
  let bad = em[0]! | (em[1]! ^ 0x02);
  let separator = 0;
  for (let i = 2; i < em.length; i++) {
    const isZero = ((em[i]! - 1) >> 8) & 1;
    const first = isZero & (separator === 0 ? 1 : 0);
    separator |= first * i;
  }
  bad |= separator === 0 ? 1 : 0;
  bad |= separator < 10 ? 1 : 0;
  bad |= em.length - separator - 1 !== AES_KEY_BYTES ? 1 : 0;
  return bad === 0 ? em.subarray(em.length - AES_KEY_BYTES) : fallback;
}

/** What a login's sealed payload holds, and which of the accepted keys opened it. */
export interface OpenedCiphertext extends OpenedPayload {
  /** Index into the keys tried. */
  keyIndex: number;
  /** SHA-256 of the AES key: the same login sent again, in any spelling, has the same one. */
  replayId: string;
}

/**
 * Opens `bodyCiphertext = base64(IV ‖ encryptedKey ‖ ciphertext)` (docs/decisions/011) with the
 * first of `keys` that yields a payload. Only canonical base64 is read: one text per byte string.
 */
export function openCiphertext(bodyCiphertext: string, keys: readonly KeyObject[], secret: Buffer): OpenedCiphertext {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bodyCiphertext)) throw new DecryptError("format");
  const raw = Buffer.from(bodyCiphertext, "base64");
  if (raw.toString("base64") !== bodyCiphertext) throw new DecryptError("format");
  let last: DecryptError = new DecryptError("format");
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const modulusBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
    // At least one AES block after the IV and the wrapped key; whole blocks only.
    const cipherLen = raw.length - AES_IV_BYTES - modulusBytes;
    if (cipherLen < 16 || cipherLen % 16 !== 0) continue;
    const iv = raw.subarray(0, AES_IV_BYTES);
    const aesKey = unwrapKey(key, raw.subarray(AES_IV_BYTES, AES_IV_BYTES + modulusBytes), secret);
    try {
      const opened = openPayload(aesKey, iv, raw.subarray(AES_IV_BYTES + modulusBytes));
      return { ...opened, keyIndex: i, replayId: createHash("sha256").update(aesKey).digest("hex") };
    } catch (err) {
      last = err instanceof DecryptError ? err : new DecryptError("unreadable");
      // Another accepted key may open it only if this one could not read it at all.
      if (last.reason !== "unreadable") throw last;
    }
  }
  throw last;
}

function openPayload(key: Buffer, iv: Buffer, ciphertext: Buffer): OpenedPayload {
  let text: string;
  try {
    const d = createDecipheriv("aes-256-cbc", key, iv);
    text = Buffer.concat([d.update(ciphertext), d.final()]).toString("utf8");
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

/** docs/protocol.md §5 key id: the first 32 hex characters of SHA-256 over the SPKI DER. */
export function keyIdOf(publicKeyB64: string): string {
  return createHash("sha256").update(Buffer.from(publicKeyB64, "base64")).digest("hex").slice(0, 32);
}
