import { request } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { PATHS } from "../../protocol/paths";
import { registerByEmail } from "../setup/accounts";
import { startWeb, tempDataDir, type Started } from "../setup/processes";

/**
 * Malformed requests of every kind the review's fuzz sent, plus the spellings the hardening
 * closed (docs/decisions/010): other spellings of paths, content types, empty strings, enum case.
 * Whatever comes in, the answer is an envelope below 500, and a signed path never runs unsigned.
 */
let web: Started;
const data = tempDataDir();
let cookie = "";
beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir });
  const { c } = await registerByEmail({ url: web.url, dataDir: data.dir }, `fuzz-${Date.now()}@example.com`);
  cookie = c.cookieHeader();
});
afterAll(async () => {
  await web.stop();
  data.remove();
});

const SIGNED = [
  "/api/v2/spot/trade/place-order",
  "/api/v2/spot/trade/cancel-order",
  "/api/v2/spot/trade/batch-orders",
  ACCOUNT_PATHS.subCreate,
  ACCOUNT_PATHS.apiKeyCreate,
  ACCOUNT_PATHS.antiPhishing,
];
const PUBLIC = [
  PATHS.captchaId,
  PATHS.captchaCheck,
  PATHS.trackingInfo,
  PATHS.cspSecurity,
  PATHS.usdtRate,
  PATHS.clientCommonConfig,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.sendCode,
  ACCOUNT_PATHS.registerEmail,
  ACCOUNT_PATHS.verifyLogin,
  ACCOUNT_PATHS.resetPassword,
  "/api/v2/spot/market/tickers",
  "/api/v2/spot/market/candles",
  "/api/v2/spot/public/symbols",
];

/**
 * Another spelling of the same path: a letter percent-encoded, a doubled slash, a dot segment.
 * The first segment stays as it is: it decides what the web host serves (gateway or page).
 */
const spelling = (path: string) =>
  fc
    .tuple(fc.nat(path.length - 1), fc.constantFrom("encode", "encode-lower", "double-slash", "dot", "dotdot", "encoded-dot"))
    .map(([at, how]) => {
      const i = path.lastIndexOf("/", Math.max(path.indexOf("/", 1), at));
      const [head, tail] = [path.slice(0, i), path.slice(i + 1)];
      const ch = tail[0] ?? "a";
      const hex = ch.charCodeAt(0).toString(16);
      switch (how) {
        case "encode":
          return `${head}/%${hex.toUpperCase()}${tail.slice(1)}`;
        case "encode-lower":
          return `${head}/%${hex}${tail.slice(1)}`;
        case "double-slash":
          return `${head}//${tail}`;
        case "dot":
          return `${head}/./${tail}`;
        case "dotdot":
          return `${head}/x/../${tail}`;
        default:
          return `${head}/%2e/${tail}`;
      }
    });

const hostile = fc.constantFrom("%2F", "%5C", "%252F", "%00", "%C3%28", "\\", "%2e%2e%2f", "%u002f");
const contentType = fc.constantFrom(
  "application/json",
  "APPLICATION/JSON; charset=UTF-8",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/csp-report",
  "",
  "application/json-patch+json",
  "*/*",
);
const enumCase = fc.constantFrom("buy", "BUY", "Buy", "", "sell ", "limit", "LIMIT", "gtc", "GTC", "post_only", "POST_ONLY");
const value = fc.oneof(
  fc.constant(""),
  fc.constant(null),
  enumCase,
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant("9".repeat(400)),
);
const body = fc.oneof(
  fc.constant(""),
  fc.constant("{"),
  fc.constant("[]"),
  fc.constant("null"),
  fc.constant('{"__proto__":{"x":1}}'),
  fc
    .dictionary(
      fc.constantFrom(
        "symbol",
        "side",
        "orderType",
        "force",
        "price",
        "size",
        "clientOid",
        "scene",
        "loginName",
        "areaCode",
        "bodyCiphertext",
        "nickName",
        "channel",
        "email",
      ),
      value,
    )
    .map((o) => JSON.stringify(o)),
  fc.string({ maxLength: 200 }),
);

function send(method: string, path: string, type: string, text: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const h: Record<string, string> = { ...headers };
    if (type) h["content-type"] = type;
    // Node sends a DELETE body unframed unless told its length.
    if (method !== "GET") h["content-length"] = String(Buffer.byteLength(text));
    const req = request(`${web.url}${path}`, { method, headers: h }, (res) => {
      let out = "";
      res.on("data", (d) => (out += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: out }));
    });
    req.on("error", reject);
    req.end(method === "GET" ? undefined : text);
  });
}

function envelopeOf(text: string): { code: string; msg: string } {
  const parsed = JSON.parse(text) as { code: unknown; msg: unknown; requestTime: unknown };
  expect(typeof parsed.code).toBe("string");
  expect(typeof parsed.msg).toBe("string");
  expect(typeof parsed.requestTime).toBe("number");
  return parsed as { code: string; msg: string };
}

describe("fuzz through the BFF (real gateway)", () => {
  it("answers every malformed request on any path, spelt any way, with an envelope below 500", async () => {
    const path = fc.oneof(
      fc.constantFrom(...SIGNED, ...PUBLIC),
      fc.constantFrom(...SIGNED, ...PUBLIC).chain(spelling),
      fc
        .tuple(fc.constantFrom(...PUBLIC), hostile)
        .map(([p, h]) => `${p.slice(0, p.lastIndexOf("/"))}/${h}${p.slice(p.lastIndexOf("/") + 1)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST", "GET", "PUT", "DELETE"),
        path,
        contentType,
        body,
        fc.boolean(),
        async (method, p, type, text, withSession) => {
          const res = await send(method, p, type, text, withSession ? { cookie } : {});
          expect(res.status, `${method} ${p} ${type}`).toBeLessThan(500);
          envelopeOf(res.text);
        },
      ),
      { numRuns: 300, seed: 20261124 },
    );
  });

  it("never runs a signed path for an unsigned session call, whatever its spelling, type or body", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SIGNED).chain(spelling), contentType, body, async (p, type, text) => {
        const res = await send("POST", p, type, text, { cookie });
        expect(res.status).toBeLessThan(500);
        expect(envelopeOf(res.text).code, `${p} ${type}`).not.toBe("00000");
      }),
      { numRuns: 150, seed: 42 },
    );
  });
});
