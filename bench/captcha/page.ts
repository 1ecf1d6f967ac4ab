/**
 * Runs inside Chromium (bundled by bench/captcha/run.ts): the captcha's proof-of-work search, the
 * same code the dialog's worker runs, on fresh random prefixes.
 */
import { searchPow } from "../../app/lib/captcha/pow";

async function runBench(bits: number, runs: number): Promise<{ ms: number[]; tries: number[] }> {
  const ms: number[] = [];
  const tries: number[] = [];
  searchPow({ algorithm: "sha256", prefix: "0".repeat(32), bits: 64 }, 0, 200_000); // warm-up
  for (let i = 0; i < runs; i++) {
    const prefix = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    const t0 = performance.now();
    const nonce = searchPow({ algorithm: "sha256", prefix, bits }, 0, Number.MAX_SAFE_INTEGER)!;
    ms.push(performance.now() - t0);
    tries.push(parseInt(nonce, 36) + 1);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { ms, tries };
}

Object.assign(window, { runBench, benchReady: true });
