import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "../db/database.ts";
import { migrateExchange } from "../exchange/migrations.ts";
import { createApiKey, lookupApiKey, signRequest, signText } from "./api-keys.ts";

const opened: Array<{ db: Db; dir: string }> = [];
function database(): Db {
  const dir = mkdtempSync(join(tmpdir(), "mix-keys-"));
  const db = openDatabase(dir);
  migrateExchange(db);
  opened.push({ db, dir });
  return db;
}
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("API key lookup (issue 31)", () => {
  it("compiles its query once: unknown keys, which are never cached, do not compile SQL on every call", () => {
    const db = database();
    const key = createApiKey(db, { userId: "u1", passphrase: "pp" });
    const prepare = vi.spyOn(db, "prepare");
    for (let i = 0; i < 5; i++) expect(lookupApiKey(db, `bg_unknown${i}`)).toBeUndefined();
    expect(lookupApiKey(db, key.apiKey)?.row.user_id).toBe("u1");
    expect(prepare.mock.calls.filter(([sql]) => /FROM api_keys WHERE api_key = \?$/.test(sql)).length).toBeLessThanOrEqual(1);
  });

  it("still reads the row as it is now: a key revoked by another connection is refused once its cache entry is stale", () => {
    const db = database();
    const key = createApiKey(db, { userId: "u2", passphrase: "pp" });
    const t0 = Date.now();
    expect(lookupApiKey(db, key.apiKey, t0)?.passphraseOk("pp")).toBe(true);
    // another process revokes it (its own connection, so this process's cache is not told)
    const other = openDatabase(opened[0]!.dir);
    other.prepare("UPDATE api_keys SET revoked_at = ? WHERE api_key = ?").run(Date.now(), key.apiKey);
    other.close();
    expect(lookupApiKey(db, key.apiKey, t0 + 60_000)).toBeUndefined();
  });

  it("signs with the secret imported once (round 4): the same signature as signText over the secret's text, every time", () => {
    const db = database();
    const key = createApiKey(db, { userId: "u3", passphrase: "pp" });
    const found = lookupApiKey(db, key.apiKey)!;
    for (const text of [
      "",
      "1700000000000GET/api/v2/spot/account/assets",
      '1700000000000POST/x{"clientOid":"é€😀\\u0000"}',
      "x".repeat(5000),
    ]) {
      expect(found.sign(text)).toBe(signText(key.secretKey, text));
    }
    expect(found.sign("1700000000000POST/p{}")).toBe(signRequest(key.secretKey, "1700000000000", "post", "/p", "{}"));
    // a secret that is not the key's does not sign alike
    expect(found.sign("t")).not.toBe(signText(key.secretKey + "0", "t"));
    // the cached entry is the answer: no object per call, and the passphrase it verified stays verified
    expect(lookupApiKey(db, key.apiKey)).toBe(found);
    expect(found.passphraseOk("pp")).toBe(true);
    expect(found.passphraseOk("pq")).toBe(false);
    expect(found.passphraseOk("pp")).toBe(true);
  });
});
