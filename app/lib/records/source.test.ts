import { describe, expect, it } from "vitest";
import { recordsCsv, plainDecimal } from "./csv";
import type { RecordFilters } from "./filters";
import { fieldOf, idOf, listAt, pageQuery, readAll, readPage, type GetPage, type RecordRow, type RecordSource } from "./source";

const filters: RecordFilters = {
  tab: "fills",
  range: "7d",
  from: "",
  to: "",
  symbol: "BTCUSDT",
  type: "",
  mode: "",
  cursors: [],
};
const source: RecordSource = {
  id: "fills",
  label: "fills",
  path: () => "/api/v2/mix/order/fills",
  limit: 3,
  filters: { time: true },
  query: (f) => ({ productType: "USDT-FUTURES", symbol: f.symbol }),
  rows: (d) => listAt(d, "fillList"),
  next: idOf("endId"),
  key: "tradeId",
  fields: [
    { path: "cTime", label: "time", kind: "time" },
    { path: "price", label: "price", kind: "number" },
    { path: "feeDetail.0.totalFee", label: "fee", kind: "number", abs: true },
    { path: "note", label: "note", kind: "text" },
  ],
};

/** A fake endpoint over `n` fills, newest (highest id) first, paged by idLessThan as Bitget does. */
function endpoint(n: number) {
  const all = Array.from({ length: n }, (_, i) => ({
    tradeId: String(n - i),
    cTime: String(1_700_000_000_000 + (n - i) * 1000),
    price: n - i === 2 ? "1.5e-7" : `${n - i}.5`,
    feeDetail: [{ totalFee: "-0.01" }],
    note: n - i === 1 ? "=HYPERLINK(1)" : "ok",
  }));
  const asked: Array<Record<string, string>> = [];
  const get: GetPage = async (_path, q) => {
    asked.push(q);
    const before = q.idLessThan ? Number(q.idLessThan) : Infinity;
    const page = all.filter((r) => Number(r.tradeId) < before).slice(0, Number(q.limit));
    return { fillList: page.length ? page : null, endId: page[page.length - 1]?.tradeId ?? "" };
  };
  return { get, asked, all };
}

describe("record sources", () => {
  it("reads nested fields and lists that Bitget may send as null", () => {
    expect(fieldOf({ a: { b: [{ c: 5 }] } }, "a.b.0.c")).toBe("5");
    expect(fieldOf({ a: null }, "a.b")).toBe("");
    expect(listAt({ fillList: null }, "fillList")).toEqual([]);
    expect(listAt([{ a: 1 }, 2, null])).toEqual([{ a: 1 }]);
  });

  it("asks with the filters, the window, the cursor and the page size", () => {
    const q = pageQuery(source, { ...filters, cursors: ["77"] }, 1_000_000_000_000);
    expect(q).toEqual({
      productType: "USDT-FUTURES",
      symbol: "BTCUSDT",
      startTime: String(1_000_000_000_000 - 7 * 86_400_000),
      endTime: "1000000000000",
      idLessThan: "77",
      limit: "3",
    });
  });

  it("gives the next cursor only while pages are full", async () => {
    const { get } = endpoint(5);
    const first = await readPage(get, source, filters, 0);
    expect(first.rows.map((r) => r.tradeId)).toEqual(["5", "4", "3"]);
    expect(first.next).toBe("3");
    const last = await readPage(get, source, { ...filters, cursors: ["3"] }, 0);
    expect(last.rows.map((r) => r.tradeId)).toEqual(["2", "1"]);
    expect(last.next).toBeUndefined();
  });

  it("shows pages smaller than the endpoint's limit, never larger", async () => {
    const { get, asked } = endpoint(5);
    const page = await readPage(get, source, filters, 0, 2);
    expect(page.rows.map((r) => r.tradeId)).toEqual(["5", "4"]);
    expect(page.next).toBe("4");
    await readPage(get, source, filters, 0, 50);
    expect(asked.map((q) => q.limit)).toEqual(["2", "3"]);
  });

  it("reads every page for an export, from the newest whatever page is shown, with progress", async () => {
    const { get, asked, all } = endpoint(10);
    const counts: number[] = [];
    const out = await readAll(get, source, { ...filters, cursors: ["4"] }, { now: 0, progress: (n) => counts.push(n) });
    expect(out.complete).toBe(true);
    expect(out.rows.map((r: RecordRow) => r.tradeId)).toEqual(all.map((r) => r.tradeId));
    expect(asked[0]?.idLessThan).toBeUndefined();
    expect(counts).toEqual([3, 6, 9, 10]);
  });

  it("stops at the cap and says the export is not complete", async () => {
    const { get } = endpoint(10);
    const out = await readAll(get, source, filters, { now: 0, cap: 7 });
    expect(out.rows).toHaveLength(7);
    expect(out.complete).toBe(false);
  });

  it("writes a CSV of many pages that parses back to the same rows: ISO times, plain numbers, no formulas", async () => {
    const { get, all } = endpoint(10);
    const { rows } = await readAll(get, source, filters, { now: 0 });
    const csv = recordsCsv(source.fields, rows);
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("cTime,price,feeDetail.0.totalFee,note");
    expect(lines).toHaveLength(11);
    const parsed = lines.slice(1).map((l) => l.split(","));
    expect(parsed.map((c) => Date.parse(c[0]!))).toEqual(all.map((r) => Number(r.cTime)));
    expect(parsed[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(parsed[8]![1]).toBe("0.00000015");
    expect(parsed.every((c) => c[2] === "0.01")).toBe(true);
    expect(parsed[9]![3]).toBe("'=HYPERLINK(1)");
  });
});

describe("plain decimals", () => {
  it.each([
    ["1e-7", "0.0000001"],
    ["-1.5E-3", "-0.0015"],
    ["2.5e3", "2500"],
    ["1.25e1", "12.5"],
    ["123.45", "123.45"],
    ["", ""],
  ])("writes %s as %s", (text, plain) => {
    expect(plainDecimal(text)).toBe(plain);
  });
});
