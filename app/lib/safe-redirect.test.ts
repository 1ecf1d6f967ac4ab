import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths of this site", () => {
    expect(safeRedirect("/ja/modifyverification?tab=1")).toBe("/ja/modifyverification?tab=1");
  });
  it.each([null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/a\nb", "/a\\b"])(
    "sends %j home",
    (to) => expect(safeRedirect(to)).toBe("/"),
  );
});
