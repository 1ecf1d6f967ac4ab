import type forgeTypes from "node-forge";
import { PATHS } from "../../../protocol/paths";
import { SIGN_CONFIG_CACHE_KEY, type GatewaySignConfig } from "../../../protocol/signing";
import { base64ToBytes, bytesToBinary, utf8 } from "./encoding";
import { loadForge } from "./forge";
import type { LoginEncryptionReason } from "./security-events";

export class SignConfigError extends Error {
  constructor(readonly reason: LoginEncryptionReason) {
    super(reason);
  }
}

/**
 * docs/product.md: the server public key is trusted only if the embedded issuer certificate vouches
 * for it. The certificate must be a CA, currently valid, with an RSA key whose exponent is not 3
 * (small exponents make forged PKCS#1 v1.5 signatures feasible).
 */
export async function verifyServerKey(config: GatewaySignConfig, issuerCertPem: string, now = new Date()): Promise<void> {
  if (!config.serverPublicKey || !config.serverPublicKeySign) throw new SignConfigError("server public key not issued");
  const forge = await loadForge();
  let ok = false;
  try {
    const cert = forge.pki.certificateFromPem(issuerCertPem);
    const key = cert.publicKey as forgeTypes.pki.rsa.PublicKey;
    const ca = cert.getExtension("basicConstraints") as { cA?: boolean } | null;
    const valid = now >= cert.validity.notBefore && now <= cert.validity.notAfter;
    if (ca?.cA && valid && key.e.toString(10) !== "3") {
      const md = forge.md.sha256.create().update(bytesToBinary(utf8(config.serverPublicKey)));
      ok = key.verify(md.digest().bytes(), bytesToBinary(base64ToBytes(config.serverPublicKeySign)));
    }
  } catch {
    ok = false;
  }
  if (!ok) throw new SignConfigError("verification failed");
}

export interface SignConfigSource {
  fetchConfig(): Promise<GatewaySignConfig>;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
}

/** Loads the sign config (session-storage cache first), verified once per page. */
export class SignConfigLoader {
  private current: Promise<GatewaySignConfig> | undefined;

  constructor(
    private readonly source: SignConfigSource,
    private readonly issuerCertPem: () => string | undefined,
  ) {}

  get(): Promise<GatewaySignConfig> {
    this.current ??= this.load().catch((err: unknown) => {
      this.current = undefined;
      throw err;
    });
    return this.current;
  }

  /** Forgets the config; the next call loads it again from the gateway (00020/00021/00022). */
  reset(): void {
    this.current = undefined;
    try {
      this.source.storage?.removeItem(SIGN_CONFIG_CACHE_KEY);
    } catch {
      // storage blocked
    }
  }

  private async load(): Promise<GatewaySignConfig> {
    let config: GatewaySignConfig | undefined;
    try {
      const cached = this.source.storage?.getItem(SIGN_CONFIG_CACHE_KEY);
      if (cached) config = JSON.parse(cached) as GatewaySignConfig;
    } catch {
      config = undefined;
    }
    if (!config) {
      try {
        config = await this.source.fetchConfig();
      } catch {
        throw new SignConfigError("config load failure");
      }
    }
    if (config.clientOpen) {
      const pem = this.issuerCertPem();
      if (!pem) throw new SignConfigError("verification failed");
      await verifyServerKey(config, pem);
    }
    try {
      this.source.storage?.setItem(SIGN_CONFIG_CACHE_KEY, JSON.stringify(config));
    } catch {
      // storage full or blocked: the config is kept in memory for this page
    }
    return config;
  }
}

export const SIGN_CONFIG_PATH = PATHS.gatewaySignConfig;
