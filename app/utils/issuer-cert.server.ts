import { readFileSync } from "node:fs";
import { join } from "node:path";

let cached: string | undefined;

/**
 * The issuer certificate the pages carry (docs/protocol.md §4): `ISSUER_CERT`, else the one the
 * embedded gateway generated in `$DATA_DIR/keys`. Public by nature; read once.
 */
export function issuerCertPem(): string | undefined {
  if (cached) return cached;
  const path = process.env.ISSUER_CERT ?? join(process.env.DATA_DIR ?? ".data", "keys", "issuer-cert.pem");
  try {
    const pem = readFileSync(path, "utf8");
    if (pem.includes("BEGIN CERTIFICATE")) cached = pem;
  } catch {
    cached = undefined;
  }
  return cached;
}
