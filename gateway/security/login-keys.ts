import { createPrivateKey, createPublicKey, generateKeyPair, sign, type KeyObject } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { DEFAULT_ROTATION } from "../config.ts";

/** One login encryption key: the `serverPublicKey` of the sign config while it is current. */
export interface LoginKey {
  /** Its creation time in epoch ms, which also names its file. */
  id: string;
  createdAt: number;
  privateKey: KeyObject;
  /** base64 SPKI DER: `serverPublicKey`. */
  serverPublicKey: string;
  /** The issuer's signature over it: `serverPublicKeySign`. */
  serverPublicKeySign: string;
}

export interface RotationRules {
  /** A new key is made once the current one is this old. */
  rotateMs: number;
  /** How long a replaced key still opens logins (a page that loaded the config just before). */
  graceMs: number;
}

const generate = promisify(generateKeyPair);

/**
 * The login encryption keys (docs/decisions/011): the current one, which the sign config
 * carries, and the one it replaced during its grace. Each is a PEM file (mode 0600) in
 * `keys/login/`, named by its creation time; retired ones are deleted, so a login captured
 * today can never be opened, let alone replayed, once its key has gone.
 */
export class LoginKeyRing {
  private keys: LoginKey[] = [];
  /** When the newest key became current (its predecessor's grace runs from here). */
  private rotatedAt = 0;
  private rotating: Promise<boolean> | undefined;

  constructor(
    private readonly dir: string,
    private readonly issuerKey: KeyObject,
    readonly rules: RotationRules = DEFAULT_ROTATION,
    private readonly now: () => number = Date.now,
    /** The key the gateway had before rotation existed: adopted as the first login key. */
    initialPem?: string,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = readdirSync(dir)
      .filter((f) => /^\d+\.pem$/.test(f))
      .sort((a, b) => Number(a.slice(0, -4)) - Number(b.slice(0, -4)));
    if (files.length === 0 && initialPem) this.write(String(this.now()), initialPem);
    this.load();
  }

  private write(id: string, pem: string): void {
    const tmp = join(this.dir, `${id}.pem.tmp`);
    writeFileSync(tmp, pem, { mode: 0o600 });
    renameSync(tmp, join(this.dir, `${id}.pem`));
  }

  private load(): void {
    const files = readdirSync(this.dir)
      .filter((f) => /^\d+\.pem$/.test(f))
      .sort((a, b) => Number(a.slice(0, -4)) - Number(b.slice(0, -4)));
    this.keys = files.map((f) => this.keyOf(f.slice(0, -4), readFileSync(join(this.dir, f), "utf8")));
    this.rotatedAt = this.keys.at(-1)?.createdAt ?? 0;
  }

  private keyOf(id: string, pem: string): LoginKey {
    const privateKey = createPrivateKey(pem);
    const serverPublicKey = (createPublicKey(privateKey).export({ type: "spki", format: "der" }) as Buffer).toString("base64");
    const serverPublicKeySign = sign("sha256", Buffer.from(serverPublicKey, "utf8"), this.issuerKey).toString("base64");
    return { id, createdAt: Number(id), privateKey, serverPublicKey, serverPublicKeySign };
  }

  /** The key the sign config hands out now. */
  current(): LoginKey {
    const key = this.keys.at(-1);
    if (!key) throw new Error("no login key");
    return key;
  }

  /** The keys that open logins now: the current one first, then its predecessor during the grace. */
  accepted(): LoginKey[] {
    const current = this.current();
    const previous = this.keys.at(-2);
    return previous && this.now() - this.rotatedAt < this.rules.graceMs ? [current, previous] : [current];
  }

  /** Makes a new key when the current one is due, and deletes keys past their grace. */
  rotateIfDue(): Promise<boolean> {
    this.rotating ??= this.rotate().finally(() => (this.rotating = undefined));
    return this.rotating;
  }

  private async rotate(): Promise<boolean> {
    let made = false;
    if (this.keys.length === 0 || this.now() - this.current().createdAt >= this.rules.rotateMs) {
      const { privateKey } = await generate("rsa", { modulusLength: 2048, publicExponent: 65537 });
      // Ids are creation times; two in one millisecond would collide.
      const id = String(Math.max(this.now(), (this.keys.at(-1)?.createdAt ?? 0) + 1));
      this.write(id, privateKey.export({ type: "pkcs8", format: "pem" }) as string);
      this.keys.push(this.keyOf(id, readFileSync(join(this.dir, `${id}.pem`), "utf8")));
      this.rotatedAt = this.now();
      made = true;
    }
    const keep = new Set(this.accepted().map((k) => k.id));
    for (const k of this.keys) if (!keep.has(k.id)) rmSync(join(this.dir, `${k.id}.pem`), { force: true });
    this.keys = this.keys.filter((k) => keep.has(k.id));
    return made;
  }
}
