import { HEADERS } from "../../../protocol/headers";
import { KEY_ID_HEX_CHARS, signModeFor, signingString, type GatewaySignConfig } from "../../../protocol/signing";
import { bytesToBase64, bytesToBinary, bytesToHex, utf8 } from "./encoding";
import { loadForge } from "./forge";

export const RSA_SIGN = { name: "RSASSA-PKCS1-v1_5" } as const;

/** docs/protocol.md §5 key id: the first 32 hex characters of SHA-256 over the SPKI DER. */
export async function keyIdOf(spki: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", spki));
  return bytesToHex(digest).slice(0, KEY_ID_HEX_CHARS);
}

export async function md5Hex(text: string): Promise<string> {
  const forge = await loadForge();
  return forge.md.md5
    .create()
    .update(bytesToBinary(utf8(text)))
    .digest()
    .toHex();
}

export async function signText(privateKey: CryptoKey, text: string): Promise<string> {
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign(RSA_SIGN, privateKey, utf8(text))));
}

export interface SigningKey {
  privateKey: CryptoKey;
  /** base64 SPKI DER */
  publicKey: string;
}

/**
 * The four `device-sign*` headers for a request, or undefined when the config does not sign this
 * path. The path must start with `/` and tm and uhti must be present (docs/product.md).
 */
export async function signatureHeaders(
  config: Pick<GatewaySignConfig, "exactUrls" | "prefixUrls">,
  key: SigningKey,
  req: { path: string; headers: Record<string, string>; body: string | undefined },
): Promise<Record<string, string> | undefined> {
  const pathname = req.path.split("?")[0] ?? req.path;
  const mode = signModeFor(config, pathname);
  if (mode === undefined) return undefined;
  const tm = req.headers[HEADERS.time];
  const uhti = req.headers[HEADERS.traceId];
  if (!req.path.startsWith("/") || !tm || !uhti) {
    console.error(`[sign] not signed: ${!req.path.startsWith("/") ? "path must start with /" : "tm and uhti are required"}`);
    return undefined;
  }
  const text = signingString(mode, req.path, tm, uhti, req.body ?? "");
  const [signature, md5, keyId] = await Promise.all([
    signText(key.privateKey, text),
    md5Hex(text),
    keyIdOf(Uint8Array.from(atob(key.publicKey), (c) => c.charCodeAt(0))),
  ]);
  return {
    [HEADERS.deviceSign]: signature,
    [HEADERS.deviceSignMode]: String(mode),
    [HEADERS.deviceSignDataMd5]: md5,
    [HEADERS.deviceSignKey]: keyId,
  };
}
