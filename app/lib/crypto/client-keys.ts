import { KEY_BITS, KEYGEN_TIMEOUT_MS, type KeyAlgorithm } from "../../../protocol/signing";
import { bytesToBase64 } from "./encoding";
import type { KeyStore, StoredKeyPair } from "./key-store";

export const KEY_IDS = {
  session: (sid: string) => `session:${sid}`,
  user: (uid: string) => `user:${uid}`,
  backup: (alg: KeyAlgorithm) => `backup:${alg}`,
} as const;

export class KeyError extends Error {
  constructor(readonly reason: "initClientKey_only_https" | "key generation failed" | "key generation timed out") {
    super(reason);
  }
}

/** RSASSA-PKCS1-v1_5/SHA-256 with a private key no script can export. */
export async function generatePair(algorithm: KeyAlgorithm, now = Date.now()): Promise<StoredKeyPair> {
  const pair = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: KEY_BITS[algorithm], publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: bytesToBase64(spki), algorithm, savedAt: now };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new KeyError("key generation timed out")), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e)),
    );
  });
}

/**
 * docs/product.md client key pair: only in a secure context; generated within 8 s, else the stored
 * backup for the algorithm is used; a fresh backup is made in the background either way.
 */
export class ClientKeys {
  constructor(
    private readonly store: KeyStore,
    private readonly opts: { secure?: () => boolean; generate?: typeof generatePair; timeoutMs?: number } = {},
  ) {}

  private refreshBackup(algorithm: KeyAlgorithm): void {
    const generate = this.opts.generate ?? generatePair;
    void generate(algorithm)
      .then((p) => this.store.put(KEY_IDS.backup(algorithm), p))
      .catch(() => undefined);
  }

  /** A new pair for a login; falls back to (and then replaces) the backup. */
  async forLogin(algorithm: KeyAlgorithm): Promise<StoredKeyPair> {
    const secure = this.opts.secure ?? (() => globalThis.isSecureContext === true);
    if (!secure()) throw new KeyError("initClientKey_only_https");
    const generate = this.opts.generate ?? generatePair;
    try {
      const pair = await withTimeout(generate(algorithm), this.opts.timeoutMs ?? KEYGEN_TIMEOUT_MS);
      this.refreshBackup(algorithm);
      return pair;
    } catch (err) {
      const backup = await this.store.get(KEY_IDS.backup(algorithm));
      this.refreshBackup(algorithm);
      if (backup) {
        await this.store.delete(KEY_IDS.backup(algorithm));
        return backup;
      }
      throw err instanceof KeyError ? err : new KeyError("key generation failed");
    }
  }

  /** After a successful login: the pair belongs to this session and this user. */
  async bind(sessionId: string, userId: string, pair: StoredKeyPair): Promise<void> {
    await this.store.put(KEY_IDS.session(sessionId), pair);
    await this.store.put(KEY_IDS.user(userId), pair);
  }

  /** After a refresh: the new session signs with the page's pair, whose binding the gateway carried over (docs/protocol.md §7.3). */
  async carry(fromSession: string, toSession: string): Promise<void> {
    const pair = await this.forSession(fromSession);
    if (!pair) return;
    await this.store.put(KEY_IDS.session(toSession), pair);
    await this.store.delete(KEY_IDS.session(fromSession));
  }

  forSession(sessionId: string): Promise<StoredKeyPair | undefined> {
    return this.store.get(KEY_IDS.session(sessionId));
  }

  forUser(userId: string): Promise<StoredKeyPair | undefined> {
    return this.store.get(KEY_IDS.user(userId));
  }

  /** Which kinds of keys are stored, for the 00023 log: names only, never key material. */
  async describe(): Promise<string[]> {
    return (await this.store.keys()).map((k) => k.split(":")[0] ?? k);
  }
}
