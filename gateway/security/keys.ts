import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";

export interface GatewayKeys {
  /** The gateway's RSA-2048 key, for unwrapping login keys. */
  gatewayPrivate: KeyObject;
  gatewayPrivatePem: string;
  /** base64 SPKI DER of the gateway public key: `serverPublicKey`. */
  serverPublicKey: string;
  /** base64 issuer signature over the UTF-8 of serverPublicKey: `serverPublicKeySign`. */
  serverPublicKeySign: string;
  issuerCertPem: string;
  /** Secret for implicit rejection: bad padding yields a key derived from the ciphertext and this. */
  rejectionSecret: Buffer;
  /** The issuer's private key: it signs each new login key (docs/decisions/011). */
  issuerKey: KeyObject;
}

const FILES = {
  issuerKey: "issuer-key.pem",
  issuerCert: "issuer-cert.pem",
  gatewayKey: "gateway-key.pem",
  rejection: "rejection-secret.bin",
} as const;

function writeSecret(path: string, data: string | Buffer): void {
  writeFileSync(path, data, { mode: 0o600 });
}

/** A self-signed X.509 CA (RSA-2048, e=65537, SHA-256), valid ten years. */
function issueCertificate(issuerKeyPem: string): string {
  const key = forge.pki.privateKeyFromPem(issuerKeyPem);
  const pub = forge.pki.setRsaPublicKey(key.n, key.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  // Positive serial: a leading byte below 0x80.
  cert.serialNumber = "01" + randomBytes(15).toString("hex");
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const name = [
    { name: "commonName", value: "Mix Exchange Gateway Issuer CA" },
    { name: "organizationName", value: "Mix Exchange" },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * Loads the gateway's keys from `$DATA_DIR/keys`, generating on first start the issuer CA, its
 * certificate, the gateway key pair and the rejection secret (docs/protocol.md §4). Nothing secret is
 * ever committed; production supplies the files.
 */
export function loadOrCreateKeys(dataDir: string): GatewayKeys {
  const dir = join(dataDir, "keys");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = (f: string) => join(dir, f);
  const pem = (k: KeyObject) => k.export({ type: "pkcs8", format: "pem" }) as string;

  if (!existsSync(path(FILES.issuerKey))) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
    writeSecret(path(FILES.issuerKey), pem(privateKey));
  }
  const issuerKeyPem = readFileSync(path(FILES.issuerKey), "utf8");
  if (!existsSync(path(FILES.issuerCert))) {
    // The PKCS#1 form is what forge reads.
    const pkcs1 = createPrivateKey(issuerKeyPem).export({ type: "pkcs1", format: "pem" }) as string;
    writeFileSync(path(FILES.issuerCert), issueCertificate(pkcs1));
  }
  if (!existsSync(path(FILES.gatewayKey))) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
    writeSecret(path(FILES.gatewayKey), pem(privateKey));
  }
  if (!existsSync(path(FILES.rejection))) writeSecret(path(FILES.rejection), randomBytes(32));

  const gatewayPrivatePem = readFileSync(path(FILES.gatewayKey), "utf8");
  const gatewayPrivate = createPrivateKey(gatewayPrivatePem);
  const serverPublicKey = (createPublicKey(gatewayPrivate).export({ type: "spki", format: "der" }) as Buffer).toString("base64");
  const serverPublicKeySign = sign("sha256", Buffer.from(serverPublicKey, "utf8"), createPrivateKey(issuerKeyPem)).toString("base64");
  return {
    gatewayPrivate,
    gatewayPrivatePem,
    serverPublicKey,
    serverPublicKeySign,
    issuerCertPem: readFileSync(path(FILES.issuerCert), "utf8"),
    rejectionSecret: readFileSync(path(FILES.rejection)),
    issuerKey: createPrivateKey(issuerKeyPem),
  };
}
