/** Reconnect delays: exponential from `baseMs`, capped at `maxMs`, with jitter so clients spread out. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const STREAM_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 30_000 };

/** The delay before reconnect attempt `attempt` (0 = the first retry): between half and all of the capped step. */
export function backoffDelay(attempt: number, policy: BackoffPolicy = STREAM_BACKOFF, random: () => number = Math.random): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(0, attempt), 30));
  return Math.round(step / 2 + (step / 2) * random());
}
