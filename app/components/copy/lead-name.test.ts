import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http/errors";
import { leadNameProblem, takenProblem } from "./lead-name";

describe("the display name's browser checks", () => {
  it("takes the gateway's nickname rule, trimmed; empty only where the name is optional", () => {
    expect(leadNameProblem("  Moon Rider ", false)).toBeUndefined();
    expect(leadNameProblem("", true)).toBeUndefined();
    expect(leadNameProblem("  ", true)).toBeUndefined();
    expect(leadNameProblem("", false)).toBe("leadName.error");
    expect(leadNameProblem("x", true)).toBe("leadName.error");
    expect(leadNameProblem("x".repeat(21), true)).toBe("leadName.error");
    expect(leadNameProblem("<script>", true)).toBe("leadName.error");
  });

  it("says a name taken by another lead (20004) beside the field; other refusals are toasted", () => {
    expect(takenProblem(new HttpError("code", "taken", 200, "20004"))).toBe("leadName.taken");
    expect(takenProblem(new HttpError("code", "bad", 200, "40017"))).toBeUndefined();
    expect(takenProblem(new Error("x"))).toBeUndefined();
  });
});
