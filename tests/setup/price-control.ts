import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/** The repository (the command runs from it, as `npm run` would). */
const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Runs the operator's price command (`npm run futures:price`, docs/decisions/316) on a gateway's
 * data directory; the gateway must run with SIM_PRICE_CONTROL=1 to take it.
 */
export function priceCommand(dataDir: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "gateway/futures/cli/price.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Moves a contract's pinned index to `price` at `ratePercent` a second ("release": back to spot); throws if not taken. */
export function steerFuturesPrice(dataDir: string, symbol: string, price: number | "release", ratePercent: number): void {
  const target = price === "release" ? ["--release"] : ["--price", price.toFixed(2)];
  const r = priceCommand(dataDir, ["--symbol", symbol, ...target, "--rate", String(ratePercent), "--wait", "10"]);
  if (r.code !== 0) throw new Error(`futures:price failed (${r.code}): ${r.stderr}`);
}
