/**
 * A page of copy tracks filtered by pair or lead is filtered before its limit (docs/protocol.md
 * §29.2): a follower asking for ETHUSDT's history gets a full page of ETHUSDT tracks even when
 * newer tracks of other pairs or leads would fill the limit.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, migrate } from "../db/database.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore, type SpotTrackRow } from "./spot-store.ts";

function track(id: number, symbol: string, leadId: string): SpotTrackRow {
  return {
    id,
    env: "live",
    role: "follow",
    followId: 1,
    userId: "f1",
    leadId,
    symbol,
    cost: 0n,
    realised: 0n,
    shared: 0n,
    openTime: id,
    closeTime: id + 1,
    status: "closed",
    held: 0n,
    bought: 1n,
    buyQuote: 1n,
    buyFee: 0n,
    sold: 1n,
    sellQuote: 1n,
    sellFee: 0n,
    buyOrderId: `b${id}`,
    sellOrderId: `s${id}`,
  };
}

describe("copy track pages", () => {
  it("filter by pair and by lead before the limit, newest first, and page on by id", () => {
    const db = openDatabase(mkdtempSync(join(tmpdir(), "track-page-")), []);
    migrate(db, SPOT_COPY_MIGRATIONS);
    const store = new SpotCopyStore(db);
    // ids 1–5: ETHUSDT of lead a; ids 6–15: BTCUSDT of lead b (newer, more than a page)
    for (let id = 1; id <= 15; id++) store.saveTrack(track(id, id <= 5 ? "ETHUSDT" : "BTCUSDT", id <= 5 ? "a" : "b"));
    const q = { env: "live" as const, userId: "f1", before: Number.MAX_SAFE_INTEGER, limit: 3 };
    expect(store.tracks({ ...q, symbol: "ETHUSDT" }, "follow", ["closed"]).map((t) => t.id)).toEqual([5, 4, 3]);
    expect(store.tracks({ ...q, symbol: "ETHUSDT", before: 3 }, "follow", ["closed"]).map((t) => t.id)).toEqual([2, 1]);
    expect(store.tracks({ ...q, leadId: "a" }, "follow", ["closed"]).map((t) => t.id)).toEqual([5, 4, 3]);
    expect(store.tracks({ ...q, symbol: "ETHUSDT", leadId: "b" }, "follow", ["closed"])).toEqual([]);
    expect(store.tracks(q, "follow", ["closed"]).map((t) => t.id)).toEqual([15, 14, 13]);
    // another user's tracks never show, whatever the filter
    expect(store.tracks({ ...q, userId: "f2", symbol: "ETHUSDT" }, "follow", ["closed"])).toEqual([]);
    db.close();
  });
});
