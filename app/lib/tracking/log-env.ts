import { isValidLogEnv } from "../../../protocol/tracking";

/**
 * docs/product.md: a configured log environment is kept when it is `pre`, `online` or `…test` plus one
 * or two digits; otherwise it comes from the host: `testN` when the host names a test number,
 * `pre` for hosts containing `bike`, else `online`.
 */
export function resolveLogEnv(configured: string | undefined, host: string): string {
  if (isValidLogEnv(configured)) return configured;
  const lower = host.toLowerCase();
  const test = /test(\d{1,2})(?!\d)/.exec(lower);
  if (test) return `test${test[1]}`;
  if (lower.includes("bike")) return "pre";
  return "online";
}
