import type forgeTypes from "node-forge";
import { AES_IV_BYTES, AES_KEY_BYTES, INIT_SIGN_MESSAGE } from "../../../protocol/signing";
import { base64ToBytes, binaryToBytes, bytesToBase64, bytesToBinary, utf8 } from "./encoding";
import { loadForge } from "./forge";
import type { StoredKeyPair } from "./key-store";
import { signText } from "./signing";

/**
 * docs/protocol.md §6: `{...sensitiveFields, algorithm, publicKey, initSign}` sealed with AES-256-CBC
 * (WebCrypto, PKCS#7 padding) under a fresh key, the key wrapped for the server with
 * RSAES-PKCS1-v1_5 (node-forge: WebCrypto has no PKCS#1 v1.5 encryption);
 * result base64(IV ‖ encryptedKey ‖ ciphertext).
 */
export async function sealPayload(fields: Record<string, unknown>, pair: StoredKeyPair, serverPublicKey: string): Promise<string> {
  const initSign = await signText(pair.privateKey, INIT_SIGN_MESSAGE);
  const payload = utf8(JSON.stringify({ ...fields, algorithm: pair.algorithm, publicKey: pair.publicKey, initSign }));
  const rawKey = crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const aes = await crypto.subtle.importKey("raw", rawKey, { name: "AES-CBC" }, false, ["encrypt"]);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, aes, payload));
  const forge = await loadForge();
  const serverKey = forge.pki.publicKeyFromAsn1(
    forge.asn1.fromDer(bytesToBinary(base64ToBytes(serverPublicKey))),
  ) as forgeTypes.pki.rsa.PublicKey;
  const wrapped = binaryToBytes(serverKey.encrypt(bytesToBinary(rawKey), "RSAES-PKCS1-V1_5"));
  rawKey.fill(0);
  const out = new Uint8Array(iv.length + wrapped.length + ciphertext.length);
  out.set(iv, 0);
  out.set(wrapped, iv.length);
  out.set(ciphertext, iv.length + wrapped.length);
  return bytesToBase64(out);
}

/** Splits a body into the fields that go into the payload and those that stay in the clear. */
export function splitSensitive(body: Record<string, unknown>, sensitive: readonly string[]) {
  const secret: Record<string, unknown> = {};
  const clear: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) (sensitive.includes(k) ? secret : clear)[k] = v;
  return { secret, clear };
}
