import { describe, expect, it } from "vitest";
import { isoTime, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header and rows, quoting what needs quoting", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", 'say "hi", twice'],
          ["line\nbreak", ""],
        ],
      ),
    ).toBe('a,b\r\n1,"say ""hi"", twice"\r\n"line\nbreak",\r\n');
  });

  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK(""http://x"")'],
    ["+1+2", "'+1+2"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["＝1", "'＝1"],
  ])("neutralises the formula %j", (cell, written) => {
    const line = toCsv(["x"], [[cell]]).split("\r\n")[1]!;
    expect(line.replace(/^"|"$/g, "")).toBe(written);
  });

  it("leaves plain numbers, negative ones included, as numbers", () => {
    expect(toCsv(["x"], [["-0.5"], ["12.30"], ["1e5"]])).toBe("x\r\n-0.5\r\n12.30\r\n1e5\r\n");
  });
});

describe("isoTime", () => {
  it("writes a time in ms as ISO 8601 in UTC, and nothing for what is not a time (never throws)", () => {
    expect(isoTime("1764288000000")).toBe("2025-11-28T00:00:00.000Z");
    for (const bad of ["", "0", "-5", "1e12", "abc", "12345678901234567"]) expect(isoTime(bad), bad).toBe("");
  });
});
