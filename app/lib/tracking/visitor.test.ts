import { describe, expect, it } from "vitest";
import { logSeqAllocator, LOG_SEQ_BLOCK } from "./log-seq";
import { memoryStorage } from "./storage";
import { VISITOR_KEYS, firstVisitTime, isFirstDay, sessionLanding } from "./visitor";

const HOUR = 3_600_000;

describe("tab session", () => {
  it("has an id of its start time and a random part from 0 to 100", () => {
    expect(sessionLanding(memoryStorage(), "https://x.example/", "", 1000, () => 0).sessionId).toBe("1000-0");
    expect(sessionLanding(memoryStorage(), "https://x.example/", "", 1000, () => 0.9999999).sessionId).toBe("1000-100");
    expect(sessionLanding(memoryStorage(), "https://x.example/", "", 1000, () => 0.5).sessionId).toBe("1000-50");
  });

  it("survives a reload and keeps the landing page's referrer and address", () => {
    const s = memoryStorage();
    const first = sessionLanding(s, "https://x.example/spot?pfb=abc&channel=tw&qr_val=Q", "https://ref.example/", 1000, () => 0.3);
    expect(first).toEqual({
      sessionId: "1000-30",
      pfb: "abc",
      channel: "tw",
      qrVal: "Q",
      sourceReferer: "https://ref.example/",
      sourceTarget: "https://x.example/spot?pfb=abc&channel=tw&qr_val=Q",
    });
    const again = sessionLanding(s, "https://x.example/login", "https://x.example/spot", 5000, () => 0.9);
    expect(again).toEqual(first);
    const newPfb = sessionLanding(s, "https://x.example/login?pfb=zzz", "", 6000, () => 0.9);
    expect(newPfb).toEqual({ ...first, pfb: "zzz" });
  });

  it("starts over when the stored session is unreadable, and works without storage", () => {
    const s = memoryStorage();
    s.setItem(VISITOR_KEYS.session, "{not json");
    expect(sessionLanding(s, "https://x.example/", "", 7, () => 0).sessionId).toBe("7-0");
    expect(sessionLanding(undefined, "https://x.example/?pfb=1", "", 8, () => 0)).toMatchObject({ sessionId: "8-0", pfb: "1" });
  });
});

describe("first visit", () => {
  it("is written once and first_day holds for 24 hours", () => {
    const s = memoryStorage();
    expect(firstVisitTime(s, 10 * HOUR)).toBe(10 * HOUR);
    expect(firstVisitTime(s, 40 * HOUR)).toBe(10 * HOUR);
    expect(isFirstDay(10 * HOUR, 10 * HOUR + 24 * HOUR - 1)).toBe(true);
    expect(isFirstDay(10 * HOUR, 10 * HOUR + 24 * HOUR)).toBe(false);
  });

  it("replaces a stored time from the future or garbage", () => {
    const s = memoryStorage();
    s.setItem(VISITOR_KEYS.firstVisit, String(99 * HOUR));
    expect(firstVisitTime(s, 5 * HOUR)).toBe(5 * HOUR);
    s.setItem(VISITOR_KEYS.firstVisit, "soon");
    expect(firstVisitTime(s, 6 * HOUR)).toBe(6 * HOUR);
  });
});

describe("log_seq", () => {
  it("rises across documents of one browser: a reload continues above every number handed out", () => {
    const s = memoryStorage();
    const doc1 = logSeqAllocator(s);
    const a = [doc1(), doc1(), doc1()];
    expect(a).toEqual([1, 2, 3]);
    const doc2 = logSeqAllocator(s);
    const b = doc2();
    expect(b).toBe(LOG_SEQ_BLOCK + 1);
    for (let i = 0; i < LOG_SEQ_BLOCK; i++) doc1();
    expect(doc1()).toBeGreaterThan(b);
  });

  it("counts in memory when storage is blocked", () => {
    const next = logSeqAllocator(undefined);
    expect([next(), next()]).toEqual([1, 2]);
  });
});
