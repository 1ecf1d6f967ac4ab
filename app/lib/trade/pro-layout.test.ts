import { describe, expect, it } from "vitest";
import { localPrefs } from "~/lib/prefs/local-prefs";
import type { AreaStore } from "~/lib/prefs/local-store";
import { ACCOUNT_BOUNDS, BOOK_BOUNDS, DEFAULT_PRO_LAYOUT, formatProLayout, parseProLayout, sizeAfterKey, togglePanel } from "./pro-layout";

describe("the stored pro layout", () => {
  it("reads back what it wrote", () => {
    const layout = { book: 344, account: 180, hidden: ["account"] as const };
    expect(formatProLayout(layout)).toBe("344:180:account");
    expect(parseProLayout("344:180:account")).toEqual(layout);
    expect(parseProLayout("300:220:")).toEqual(DEFAULT_PRO_LAYOUT);
  });

  it("brings sizes from another screen or an edit inside their bounds", () => {
    expect(parseProLayout("9999:5:")).toEqual({ book: BOOK_BOUNDS.max, account: ACCOUNT_BOUNDS.min, hidden: [] });
    expect(parseProLayout("0:9999:")).toEqual({ book: BOOK_BOUNDS.min, account: ACCOUNT_BOUNDS.max, hidden: [] });
  });

  it("keeps folded panels in one order without repeats", () => {
    expect(parseProLayout("300:220:account,book,book")?.hidden).toEqual(["book", "account"]);
  });

  it.each(["", "300", "300:220", "-1:220:", "300:220:chart", "1.5:220:", "300:220:book;x", "300:220:BOOK", "12345:220:"])(
    "refuses %j (the default applies)",
    (raw) => {
      expect(parseProLayout(raw)).toBeUndefined();
    },
  );

  it("is a local preference of the common area with the default when missing or corrupt", () => {
    const data = new Map<string, string>();
    const area: AreaStore = { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
    const prefs = localPrefs(area);
    expect(prefs.get("tradeLayout")).toEqual(DEFAULT_PRO_LAYOUT);
    prefs.set("tradeLayout", { book: 320, account: 260, hidden: ["book"] });
    expect(data.get("tradeLayout")).toBe("320:260:book");
    expect(prefs.get("tradeLayout")).toEqual({ book: 320, account: 260, hidden: ["book"] });
    data.set("tradeLayout", "{not ours}");
    expect(prefs.get("tradeLayout")).toEqual(DEFAULT_PRO_LAYOUT);
  });
});

describe("folding panels", () => {
  it("folds and brings back each panel on its own", () => {
    const folded = togglePanel(togglePanel(DEFAULT_PRO_LAYOUT, "account"), "book");
    expect(folded.hidden).toEqual(["book", "account"]);
    expect(togglePanel(folded, "account").hidden).toEqual(["book"]);
    expect(togglePanel(folded, "account").book).toBe(DEFAULT_PRO_LAYOUT.book);
  });
});

describe("a splitter's keys", () => {
  it("grows with the key toward the sized panel's far edge and shrinks with the other, in steps, inside the bounds", () => {
    expect(sizeAfterKey("ArrowLeft", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBe(316);
    expect(sizeAfterKey("ArrowRight", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBe(284);
    // In a right-to-left page the chart is on the right: the keys swap.
    expect(sizeAfterKey("ArrowRight", false, 300, BOOK_BOUNDS, "ArrowRight")).toBe(316);
    expect(sizeAfterKey("ArrowUp", true, 220, ACCOUNT_BOUNDS, "ArrowUp")).toBe(284);
    expect(sizeAfterKey("ArrowDown", false, 125, ACCOUNT_BOUNDS, "ArrowUp")).toBe(ACCOUNT_BOUNDS.min);
    expect(sizeAfterKey("ArrowLeft", true, 500, BOOK_BOUNDS, "ArrowLeft")).toBe(BOOK_BOUNDS.max);
    expect(sizeAfterKey("Home", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBe(BOOK_BOUNDS.min);
    expect(sizeAfterKey("End", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBe(BOOK_BOUNDS.max);
  });

  it("ignores keys that are not its own, so Tab and the rest keep their work", () => {
    expect(sizeAfterKey("Tab", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBeUndefined();
    expect(sizeAfterKey("ArrowUp", false, 300, BOOK_BOUNDS, "ArrowLeft")).toBeUndefined();
    expect(sizeAfterKey("ArrowLeft", false, 220, ACCOUNT_BOUNDS, "ArrowUp")).toBeUndefined();
  });
});
