/** The security area's tables: client keys bound to sessions, spent login ciphertexts and device proofs. */
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";

export const SECURITY_MIGRATIONS: Migration[] = [
  {
    version: 200,
    name: "client keys",
    sql: `
      CREATE TABLE client_keys (
        session_id TEXT NOT NULL,
        key_id     TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        public_key TEXT NOT NULL,
        algorithm  TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (session_id, key_id)
      );
      CREATE INDEX client_keys_user ON client_keys (user_id, created_at);
      CREATE TABLE used_ciphertexts (
        digest TEXT PRIMARY KEY,
        at     INTEGER NOT NULL
      );
    `,
  },
  {
    version: 201,
    name: "logins used per key, device proofs used",
    sql: `
      ALTER TABLE used_ciphertexts ADD COLUMN key_id TEXT NOT NULL DEFAULT '';
      CREATE TABLE used_device_proofs (
        digest TEXT PRIMARY KEY,
        at     INTEGER NOT NULL
      );
    `,
  },
];

export class SecurityStore {
  private readonly findKey;
  private readonly usedCipher;
  private readonly usedProof;
  private readonly spentProof;
  private readonly bind;
  private readonly carry;
  private readonly userKeys;
  private readonly forgetRetired;

  constructor(db: Db) {
    this.findKey = db.prepare("SELECT public_key FROM client_keys WHERE session_id = ? AND key_id = ?");
    this.usedCipher = db.prepare("INSERT OR IGNORE INTO used_ciphertexts (digest, at, key_id) VALUES (?, ?, ?)");
    this.usedProof = db.prepare("INSERT OR IGNORE INTO used_device_proofs (digest, at) VALUES (?, ?)");
    this.spentProof = db.prepare("SELECT 1 FROM used_device_proofs WHERE digest = ?");
    this.bind = db.prepare(`INSERT OR REPLACE INTO client_keys (session_id, key_id, user_id, public_key, algorithm, created_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
    this.carry = db.prepare(`INSERT OR REPLACE INTO client_keys (session_id, key_id, user_id, public_key, algorithm, created_at)
    SELECT ?, key_id, user_id, public_key, algorithm, created_at FROM client_keys WHERE session_id = ?`);
    this.userKeys = db.prepare("SELECT public_key FROM client_keys WHERE user_id = ? ORDER BY created_at DESC LIMIT 50");
    this.forgetRetired = db.prepare("DELETE FROM used_ciphertexts WHERE key_id NOT IN (SELECT value FROM json_each(?))");
  }

  /** The public key (base64 SPKI) a session bound under `keyId`. */
  sessionKey(sessionId: string, keyId: string): string | undefined {
    return (this.findKey.get(sessionId, keyId) as { public_key: string } | undefined)?.public_key;
  }

  bindClientKey(sessionId: string, keyId: string, userId: string, publicKey: string, algorithm: string, at: number): void {
    this.bind.run(sessionId, keyId, userId, publicKey, algorithm, at);
  }

  carryClientKeys(fromSessionId: string, toSessionId: string): void {
    this.carry.run(toSessionId, fromSessionId);
  }

  /** The latest keys a user's sessions bound, newest first. */
  userKeysOf(userId: string): string[] {
    return (this.userKeys.all(userId) as Array<{ public_key: string }>).map((r) => r.public_key);
  }

  /** Marks a login ciphertext used; false when it was used before. */
  spendCiphertext(digest: string, keyId: string, at: number): boolean {
    return this.usedCipher.run(digest, at, keyId).changes === 1;
  }

  /** Forgets the spent ciphertexts of login keys no longer accepted (they cannot be opened again anyway). */
  forgetCiphertextsBut(keyIds: string[]): void {
    this.forgetRetired.run(JSON.stringify(keyIds));
  }

  spendDeviceProof(proofId: string, at: number): boolean {
    return this.usedProof.run(proofId, at).changes === 1;
  }

  deviceProofSpent(proofId: string): boolean {
    return this.spentProof.get(proofId) !== undefined;
  }
}
