import { describe, expect, it } from "vitest";
import { prefOverlay } from "./pref-overlay";

describe("preference overlay", () => {
  it("holds the latest choice, tells subscribers, and drops only the value it still holds", () => {
    let calls = 0;
    const stop = prefOverlay.subscribe(() => calls++);
    const v0 = prefOverlay.version();
    prefOverlay.set("theme", "black");
    prefOverlay.set("theme", "white");
    expect(prefOverlay.get("theme")).toBe("white");
    prefOverlay.drop("theme", "black");
    expect(prefOverlay.get("theme")).toBe("white");
    prefOverlay.drop("theme", "white");
    expect(prefOverlay.get("theme")).toBeUndefined();
    expect(calls).toBe(3);
    expect(prefOverlay.version()).toBe(v0 + 3);
    stop();
  });
});
