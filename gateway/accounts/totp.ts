import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { base32nopad } from "@scure/base";

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s) as Google Authenticator uses it, with base32 secrets. The
 * primitives come from libraries: HMAC-SHA-1 from Node's crypto (OpenSSL), base32 (RFC 4648) from
 * `@scure/base`; what is left here is RFC 4226's dynamic truncation (docs/decisions/343).
 */
const STEP_S = 30;
const DIGITS = 6;

/** RFC 4648 base32 without padding, as authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  return base32nopad.encode(bytes);
}

/** Reads a secret as typed anywhere: any case, spaces, trailing padding. Throws on anything else. */
export function base32Decode(s: string): Buffer {
  return Buffer.from(base32nopad.decode(s.toUpperCase().replace(/\s/g, "").replace(/=+$/, "")));
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpAt(secret: string, timeMs: number, stepS = STEP_S): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 1000 / stepS)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(code).padStart(DIGITS, "0");
}

/** The time step a code belongs to: the current one or one either side, for clocks a little apart. */
export function totpStepOf(secret: string, code: string, nowMs: number = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const given = Buffer.from(code);
  const now = Math.floor(nowMs / (STEP_S * 1000));
  return [now - 1, now, now + 1].find((step) => timingSafeEqual(Buffer.from(totpAt(secret, step * STEP_S * 1000)), given));
}

export function verifyTotp(secret: string, code: string, nowMs: number = Date.now()): boolean {
  return totpStepOf(secret, code, nowMs) !== undefined;
}
