/**
 * Runs inside Chromium (bundled by bench/tracking/run.ts): the real SDK as the app installs it,
 * timing `track()` on the main thread.
 */
import { EVENT_TYPE } from "../../protocol/tracking";
import { installTracking, track } from "../../app/lib/tracking/browser-tracker";

interface BenchArgs {
  warmup: number;
  rounds: number;
  perRound: number;
}

export interface BenchResult {
  /** µs per call, one sample per round: calls in one task (a burst; one storage write per round). */
  burstUs: number[];
  /** µs per call, one sample per round: each call its own task, its storage write included. */
  perTaskUs: number[];
  tracked: number;
}

const input = {
  type: EVENT_TYPE.click,
  event_tracking: "place_order",
  event_tracking_id: "b1001",
  event_tracking_ext: { symbol: "BTCUSDT", side: "buy", orderType: "limit" },
  business1: "Spot",
  business2: "Order",
};

(window as unknown as { runBench: (a: BenchArgs) => Promise<BenchResult> }).runBench = async ({ warmup, rounds, perRound }) => {
  document.documentElement.dataset.locale = "en";
  installTracking();
  let tracked = 1; // the page's own show event
  for (let i = 0; i < warmup; i++) tracked += track(input) ? 1 : 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 0)); // the upload loop may run
  // performance.now() is coarse (100 µs) outside cross-origin isolation: time rounds, not calls.
  const burstUs: number[] = [];
  const perTaskUs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await pause();
    let t0 = performance.now();
    for (let i = 0; i < perRound; i++) tracked += track(input) ? 1 : 0;
    burstUs.push(((performance.now() - t0) / perRound) * 1000);
    await pause();
    t0 = performance.now();
    for (let i = 0; i < perRound; i++) {
      tracked += track(input) ? 1 : 0;
      await Promise.resolve(); // the task's end: its events are written to local storage
    }
    perTaskUs.push(((performance.now() - t0) / perRound) * 1000);
  }
  return { burstUs, perTaskUs, tracked };
};
(window as unknown as { benchReady: boolean }).benchReady = true;
