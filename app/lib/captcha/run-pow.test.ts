import { afterEach, describe, expect, it, vi } from "vitest";
import { searchPow } from "./pow";
import { PowCancelled, runPow } from "./run-pow";

const puzzle = { algorithm: "sha256", prefix: "0123456789abcdef0123456789abcdef", bits: 10 };
const expected = searchPow(puzzle, 0, 1_000_000);

/** A stand-in for the browser's Worker: runs the search it is sent, as pow-worker.ts does, on a later task. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { preventDefault(): void }) => void) | null = null;
  terminated = false;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(p: typeof puzzle) {
    setTimeout(() => {
      const nonce = searchPow(p, 0, 1_000_000);
      if (!this.terminated) this.onmessage?.({ data: { tried: 1000 } });
      if (!this.terminated) this.onmessage?.({ data: { nonce } });
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

describe("runPow", () => {
  it("hands the puzzle to a worker, reports its progress and resolves with its nonce", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const progress: number[] = [];
    const run = runPow(puzzle, (n) => progress.push(n));
    await expect(run.done).resolves.toBe(expected);
    expect(progress).toEqual([1000]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it("searches on the main thread in slices where no worker can start", async () => {
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new Error("blocked");
        }
      },
    );
    const run = runPow({ ...puzzle, bits: 14 }, () => {});
    await expect(run.done).resolves.toBe(searchPow({ ...puzzle, bits: 14 }, 0, 10_000_000));
  });

  it("falls back to the main thread when the worker fails to load", async () => {
    class Broken extends FakeWorker {
      override postMessage() {
        setTimeout(() => this.onerror?.({ preventDefault() {} }), 0);
      }
    }
    vi.stubGlobal("Worker", Broken);
    await expect(runPow(puzzle, () => {}).done).resolves.toBe(expected);
  });

  it("rejects when cancelled and stops the worker, so a stale answer is never sent", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const run = runPow({ ...puzzle, bits: 30 }, () => {});
    run.cancel();
    await expect(run.done).rejects.toBeInstanceOf(PowCancelled);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    vi.stubGlobal("Worker", undefined);
    const onMain = runPow({ ...puzzle, bits: 40 }, () => {});
    onMain.cancel();
    await expect(onMain.done).rejects.toBeInstanceOf(PowCancelled);
  });
});
