/**
 * Runs inside Chromium (bundled by bench/crypto/run.ts): times the browser's own crypto modules.
 */
import forge from "node-forge";
import { generatePair } from "../../app/lib/crypto/client-keys";
import { sealPayload } from "../../app/lib/crypto/login-encryption";
import { signatureHeaders } from "../../app/lib/crypto/signing";

type Row = { name: string; samples: number[] };

async function time(name: string, runs: number, fn: () => Promise<unknown>): Promise<Row> {
  const samples: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return { name, samples };
}

/** node-forge's own JavaScript keygen, synchronous (given a callback, forge hands the work to WebCrypto or workers). */
/** forge's switch to its own JavaScript, missing from its type definitions. */
const forgeOptions = (forge as unknown as { options: { usePureJavaScript: boolean } }).options;

async function forgeKeygen(bits: number): Promise<unknown> {
  forgeOptions.usePureJavaScript = true;
  try {
    return forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 });
  } finally {
    forgeOptions.usePureJavaScript = false;
  }
}

(window as unknown as { runBench: (serverPublicKey: string, runs: number) => Promise<Row[]> }).runBench = async (serverPublicKey, runs) => {
  const rows: Row[] = [];
  rows.push(await time("keygen rsa1024 (WebCrypto)", runs, () => generatePair("rsa1024")));
  rows.push(await time("keygen rsa2048 (WebCrypto)", runs, () => generatePair("rsa2048")));
  rows.push(await time("keygen rsa1024 (node-forge)", runs, () => forgeKeygen(1024)));
  // Pure-JavaScript 2048-bit keygen takes seconds each: fewer runs keep the bench short.
  rows.push(await time("keygen rsa2048 (node-forge)", Math.min(runs, 10), () => forgeKeygen(2048)));
  const pair = await generatePair("rsa2048");
  const config = { exactUrls: {}, prefixUrls: { "/api/v2/spot/trade/": 2 as const } };
  const body = JSON.stringify({ symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "65000.5", size: "0.001" });
  rows.push(
    await time("sign + md5 per request (rsa2048)", runs * 10, () =>
      signatureHeaders(config, pair, {
        path: "/api/v2/spot/trade/place-order",
        body,
        headers: { tm: String(Date.now()), uhti: crypto.randomUUID() },
      }),
    ),
  );
  rows.push(
    await time("login encryption per login", runs * 5, () =>
      sealPayload({ loginName: "someone@example.com", pwd: "Passw0rd!x" }, pair, serverPublicKey),
    ),
  );
  return rows;
};
(window as unknown as { benchReady: boolean }).benchReady = true;
