/**
 * The whole gateway path of a signed, durable `place-order` without the socket: the real gateway
 * (createGateway: hooks, API-key judge, fields, engine, group commit, envelope, serialiser) driven by
 * Fastify's `inject`, 32 requests in flight, 50 users, requests signed before the clock starts.
 * Prints CPU µs per order of this process. Less noisy than bench:api on a shared machine (no second
 * process, no kernel TCP), and with `--root DIR` it runs another checkout's gateway, so two versions
 * can be alternated (docs/decisions/355, round 4). Inject's own cost is in both sides of a comparison.
 *   node --import tsx bench/api/inject.ts [--orders 20000] [--no-client-oid] [--root DIR]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as AppModule from "../../gateway/app.ts";
import type * as KeysModule from "../../gateway/security/api-keys.ts";
import type * as ProtocolModule from "../../protocol/bitget.ts";

const argAt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = resolve(argAt("root") ?? join(fileURLToPath(import.meta.url), "../../.."));
const orders = Number(argAt("orders") ?? 20000);
const withClientOid = !process.argv.includes("--no-client-oid");

process.env.EXCHANGE_RATE_LIMITS = "off";
process.env.EXCHANGE_WELCOME_USDT = "100000000";
const { createGateway } = (await import(join(root, "gateway/app.ts"))) as typeof AppModule;
const { createApiKey, signRequest } = (await import(join(root, "gateway/security/api-keys.ts"))) as typeof KeysModule;
const { V2, API_KEY_HEADERS } = (await import(join(root, "protocol/bitget.ts"))) as typeof ProtocolModule;

const dir = mkdtempSync(join(tmpdir(), "bench-inject-"));
const gw = await createGateway(
  {
    dataDir: dir,
    seed: 1,
    eventLogUpload: false,
    requestLog: false,
    imageHosts: { foreign: [], internal: [] },
    abuseLimits: false,
    loginKeyRotation: { rotateMs: 3_600_000, graceMs: 60_000 },
  },
  { level: "warn" },
);
const keys = Array.from({ length: 50 }, (_, i) => createApiKey(gw.db, { userId: `bench-${i}`, passphrase: `pass-${i}` }));

/** Requests signed ahead (a block at a time), so the measured CPU is the gateway's alone. */
function signed(from: number, n: number) {
  return Array.from({ length: n }, (_, j) => {
    const i = from + j;
    const key = keys[i % keys.length]!;
    const body = JSON.stringify({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: `${20000 + (i % 5000)}.00`,
      size: "0.0001",
      ...(withClientOid ? { clientOid: `b${i}` } : {}),
    });
    const ts = String(Date.now());
    return {
      method: "POST" as const,
      url: V2.placeOrder,
      payload: body,
      headers: {
        "content-type": "application/json",
        [API_KEY_HEADERS.key]: key.apiKey,
        [API_KEY_HEADERS.timestamp]: ts,
        [API_KEY_HEADERS.passphrase]: key.passphrase,
        [API_KEY_HEADERS.sign]: signRequest(key.secretKey, ts, "POST", V2.placeOrder, body),
      },
    };
  });
}

let next = 0;
let failed = 0;
async function run(n: number, measure: boolean): Promise<number> {
  let cpu = 0;
  for (let done = 0; done < n; done += 2000) {
    const block = signed(next, Math.min(2000, n - done));
    next += block.length;
    const c0 = process.cpuUsage();
    for (let j = 0; j < block.length; j += 32) {
      const answers = await Promise.all(block.slice(j, j + 32).map((r) => gw.app.inject(r)));
      for (const a of answers) if (a.statusCode !== 200 || !a.body.startsWith('{"code":"00000"')) failed++;
    }
    const c = process.cpuUsage(c0);
    if (measure) cpu += c.user + c.system;
  }
  return cpu;
}

try {
  await run(6000, false); // warm-up
  const cpu = await run(orders, true);
  console.info(
    `${root}: ${withClientOid ? "with" : "without"} clientOid, ${(cpu / orders).toFixed(1)} us CPU per order (inject)${failed ? `, ${failed} FAILED` : ""}`,
  );
} finally {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
}
