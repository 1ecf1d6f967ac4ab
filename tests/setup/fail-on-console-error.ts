import { afterEach, beforeEach, vi } from "vitest";

/**
 * Any unexpected console.error fails the test. A test that expects one spies on console.error
 * itself (vi.spyOn) and asserts on it; that spy replaces this one for its duration.
 */
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const unexpected = calls;
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(`unexpected console.error:\n${unexpected.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});
