/**
 * The leads' display names (docs/decisions/363): the nickname rule, one name per user, unique by its
 * folded key against case, width, separators and look-alike letters, the generated default that shows
 * nothing of the account, and durability across a restart.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES } from "../../protocol/codes.ts";
import { openDatabase } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import { defaultName, LeadNames, nameKey } from "./names.ts";
import { LEAD_NAME_MIGRATIONS, LeadNameStore } from "./store.ts";

function world() {
  const dir = mkdtempSync(join(tmpdir(), "lead-names-"));
  const db = openDatabase(dir, LEAD_NAME_MIGRATIONS);
  return { db, dir, names: new LeadNames(new LeadNameStore(db), () => 1_000) };
}

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    if (err instanceof GatewayError) return err.code;
    throw err;
  }
  return undefined;
}

describe("lead display names", () => {
  it("reads a generated name that shows only the id's last six characters until one is chosen", () => {
    const { names } = world();
    expect(names.nameOf("1234567890")).toBe("Trader-567890");
    expect(defaultName("cp-lead")).toBe("Trader-CPLEAD");
    expect(names.setName("1234567890", "Moon Rider")).toBe("Moon Rider");
    expect(names.nameOf("1234567890")).toBe("Moon Rider");
  });

  it("is durable: a new instance over the same database reads the name, and its key stays taken", () => {
    const w = world();
    w.names.setName("u1", "Alice_01");
    w.db.close();
    const db = openDatabase(w.dir, LEAD_NAME_MIGRATIONS);
    const again = new LeadNames(new LeadNameStore(db));
    expect(again.nameOf("u1")).toBe("Alice_01");
    expect(codeOf(() => again.setName("u2", "alice-01"))).toBe(CODES.accountExists);
    db.close();
  });

  it("refuses another lead's name in any case, width, separator or look-alike spelling (20004)", () => {
    const { names } = world();
    names.setName("u1", "Alice Trader");
    for (const spelling of [
      "alice trader",
      "ALICE TRADER",
      "Alice_Trader",
      "Alice-Trader",
      "AliceTrader",
      "Ａｌｉｃｅ Trader", // full width
      "Аlice Trader", // Cyrillic А
      "Alicе Trаder", // Cyrillic е and а
      "AIice Trader", // capital I for l
      "A1ice Trader", // digit one for l
    ])
      expect(
        codeOf(() => names.setName("u2", spelling)),
        spelling,
      ).toBe(CODES.accountExists);
    expect(names.nameOf("u2")).toBe(defaultName("u2"));
  });

  it("lets the holder change its own name's spelling, and frees the old name once it changes", () => {
    const { names } = world();
    names.setName("u1", "Alice");
    expect(names.setName("u1", "ALICE")).toBe("ALICE");
    expect(names.setName("u1", "ALICE")).toBe("ALICE"); // a replay: no change, no refusal
    names.setName("u1", "Bob");
    expect(names.setName("u2", "alice")).toBe("alice");
    expect(codeOf(() => names.setName("u2", "bob"))).toBe(CODES.accountExists);
  });

  it("refuses what breaks the nickname rule (40017): empty, too short or long, markup, outer spaces, 10 KB", () => {
    const { names } = world();
    for (const bad of ["", "a", "x".repeat(21), "<script>alert(1)</script>", " Alice", "Alice ", "al@ce", "x".repeat(10_240), "a\u200bb"])
      expect(
        codeOf(() => names.setName("u1", bad)),
        bad.slice(0, 30),
      ).toBe("40017");
    expect(names.nameOf("u1")).toBe(defaultName("u1"));
  });

  it("refuses a chosen name shaped like another user's generated one, but not the user's own", () => {
    const { names } = world();
    expect(codeOf(() => names.setName("1000000001", "Trader-567890"))).toBe("40017");
    expect(codeOf(() => names.setName("1000000001", "trader 56789O"))).toBe("40017");
    expect(names.setName("1234567890", "Trader-567890")).toBe("Trader-567890");
    expect(names.setName("1000000002", "Trader Joe")).toBe("Trader Joe");
  });

  it("folds keys as documented", () => {
    expect(nameKey("Ａ_b-C d")).toBe("abcd");
    expect(nameKey("Ο0o")).toBe("ooo"); // Greek capital omicron, zero, o
  });
});
