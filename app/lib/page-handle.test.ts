import { describe, expect, it } from "vitest";
import { hydrates } from "./page-handle";

describe("hydrates", () => {
  it("hydrates unless a matched route says hydrate: false", () => {
    expect(hydrates([{ handle: undefined }, { handle: { other: 1 } }])).toBe(true);
    expect(hydrates([{ handle: { hydrate: true } }])).toBe(true);
    expect(hydrates([{}, { handle: { hydrate: false } }])).toBe(false);
    // Only a real false turns it off: a string or null from a careless handle does not.
    expect(hydrates([{ handle: { hydrate: "false" } }, { handle: null }])).toBe(true);
  });
});
