import { describe, expect, it } from "vitest";
import { hydrates, ownsShell } from "./page-handle";

describe("hydrates", () => {
  it("hydrates unless a matched route says hydrate: false", () => {
    expect(hydrates([{ handle: undefined }, { handle: { other: 1 } }])).toBe(true);
    expect(hydrates([{ handle: { hydrate: true } }])).toBe(true);
    expect(hydrates([{}, { handle: { hydrate: false } }])).toBe(false);
    // Only a real false turns it off: a string or null from a careless handle does not.
    expect(hydrates([{ handle: { hydrate: "false" } }, { handle: null }])).toBe(true);
  });
});

describe("ownsShell", () => {
  it("is true only when a matched route says ownShell: true", () => {
    expect(ownsShell([{ handle: undefined }, { handle: { hydrate: false } }])).toBe(false);
    expect(ownsShell([{}, { handle: { hydrate: false, ownShell: true } }])).toBe(true);
    expect(ownsShell([{ handle: { ownShell: "true" } }, { handle: null }])).toBe(false);
  });
});
