import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ConcurrencyCap } from "../security/limits.ts";

/**
 * Password hashing with scrypt (memory-hard; N=2^15, r=8, p=1 takes 32 MiB and tens of ms).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without a migration.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LEN = 32;

/**
 * scrypt runs on libuv's pool (four threads, 32 MiB each here): at most four at once, a short
 * queue behind them, and past that a 429 with a retry time instead of an ever longer wait
 * (docs/decisions/012). One per process, as the pool is.
 */
const SCRYPT_CAP = new ConcurrencyCap(4, 64);

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return SCRYPT_CAP.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
