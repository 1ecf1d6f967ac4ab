import {
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
  randomUUID,
  sign,
  constants,
  type KeyObject,
} from "node:crypto";
import { INIT_SIGN_MESSAGE, signModeFor, signingString, type GatewaySignConfig, type KeyAlgorithm } from "../../protocol/signing";

/**
 * An outside implementation of docs/protocol.md §3–7 in Node, for integration tests: its own cookie
 * jar, key pair, login encryption and request signing, written from the protocol text alone.
 */
/** Addresses of the 198.19.0.0/16 benchmarking range, from a random start so test files differ too. */
let clientIps = Math.floor(Math.random() * 65_536);
const nextClientIp = () => {
  const n = clientIps++ % 65_536;
  return `198.19.${n >> 8}.${n & 255}`;
};

export class ProtocolClient {
  readonly cookies = new Map<string, string>();
  privateKey!: KeyObject;
  publicKeyB64!: string;
  config!: GatewaySignConfig;
  deviceId = randomUUID().replace(/-/g, "");
  /** Keys of users this "browser" logged in as before: user id → key. */
  readonly previousKeys = new Map<string, { privateKey: KeyObject; publicKeyB64: string; algorithm: KeyAlgorithm }>();
  timeOffsetMs = 0;
  /**
   * The address the gateway sees, as the BFF on loopback reports it; each client its own (counted,
   * not drawn: two clients of a test that share an address by chance would pass a per-address check).
   */
  ip = nextClientIp();

  constructor(
    readonly base: string,
    readonly algorithm: KeyAlgorithm = "rsa2048",
  ) {
    this.newKey();
  }

  newKey(): void {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: this.algorithm === "rsa1024" ? 1024 : 2048 });
    this.privateKey = privateKey;
    this.publicKeyB64 = (publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64");
  }

  async loadConfig(): Promise<GatewaySignConfig> {
    const res = await fetch(`${this.base}/v1/mix/config/gatewaySignConfig`);
    this.config = ((await res.json()) as { data: { gatewaySignConfig: GatewaySignConfig } }).data.gatewaySignConfig;
    return this.config;
  }

  /** docs/protocol.md §6: the sensitive fields and this client's key, sealed for the gateway. */
  encrypt(fields: Record<string, unknown>): string {
    const initSign = sign("sha256", Buffer.from(INIT_SIGN_MESSAGE), this.privateKey).toString("base64");
    const payload = JSON.stringify({ ...fields, algorithm: this.algorithm, publicKey: this.publicKeyB64, initSign });
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const cipher = createCipheriv("aes-256-cbc", key, iv);
    const ciphertext = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
    const serverKey = createPublicKey({ key: Buffer.from(this.config.serverPublicKey, "base64"), format: "der", type: "spki" });
    const wrapped = publicEncrypt({ key: serverKey, padding: constants.RSA_PKCS1_PADDING }, key);
    return Buffer.concat([iv, wrapped, ciphertext]).toString("base64");
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, value = ""] = (pair ?? "").split("=");
      if (!name) continue;
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
  }

  /** Sends a call the way the web client does; signs it when the config says so and a session exists. */
  async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    opts: { headers?: Record<string, string>; sign?: boolean; tamper?: (h: Record<string, string>, body: string) => string } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever data a call answers
  ): Promise<{ status: number; headers: Headers; body: { code: string; msg: string; data: any } }> {
    const text = body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      website: "mix",
      terminaltype: "1",
      locale: "en",
      language: "0",
      terminalcode: this.deviceId,
      deviceid: this.deviceId,
      uhti: randomUUID().replace(/-/g, ""),
      tm: String(Date.now() + this.timeOffsetMs),
      "x-forwarded-for": this.ip,
      ...opts.headers,
    };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const pathname = path.split("?")[0] ?? path;
    const mode = this.config ? signModeFor(this.config, pathname) : undefined;
    if (mode !== undefined && opts.sign !== false && this.cookies.has("bt_sid")) {
      Object.assign(headers, this.signatureHeaders(mode, path, headers.tm!, headers.uhti!, text ?? ""));
    }
    const sent = opts.tamper ? opts.tamper(headers, text ?? "") : text;
    const res = await fetch(`${this.base}${path}`, { method, headers, body: method === "POST" ? sent : undefined });
    this.keep(res);
    const raw = await res.text();
    return { status: res.status, headers: res.headers, body: raw ? JSON.parse(raw) : undefined };
  }

  signatureHeaders(mode: number, path: string, tm: string, uhti: string, body: string): Record<string, string> {
    const text = signingString(mode, path, tm, uhti, body);
    return {
      "device-sign": sign("sha256", Buffer.from(text, "utf8"), this.privateKey).toString("base64"),
      "device-sign-mode": String(mode),
      "device-sign-data-md5": createHash("md5").update(text, "utf8").digest("hex"),
      "device-sign-key": createHash("sha256").update(Buffer.from(this.publicKeyB64, "base64")).digest("hex").slice(0, 32),
    };
  }

  /** A login-type call: sensitive fields sealed, the rest in the clear, the device check when it has one. */
  async secure(
    path: string,
    sensitive: Record<string, unknown>,
    clear: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const body: Record<string, unknown> = { ...clear, bodyCiphertext: this.encrypt(sensitive) };
    const extra = { ...headers };
    const userId = clear.__deviceCheckUser as string | undefined;
    delete body.__deviceCheckUser;
    const prev = userId ? this.previousKeys.get(userId) : undefined;
    if (prev && userId) {
      extra.usercheckdevicesign = sign("sha256", Buffer.from(prev.publicKeyB64, "utf8"), prev.privateKey).toString("base64");
      extra.lastalgorithm = prev.algorithm;
      body.userCheckDeviceUserIdHash = createHash("sha256").update(userId).digest("hex");
    }
    // Signed too when a session exists (a sub-account switch), as the browser's steps do.
    return this.call("POST", path, body, { headers: extra });
  }

  /** After a successful login: remember this key as the user's, as the browser binds it. */
  remember(userId: string): void {
    this.previousKeys.set(userId, { privateKey: this.privateKey, publicKeyB64: this.publicKeyB64, algorithm: this.algorithm });
  }
}
