import { describe, expect, it } from "vitest";
import { MEMBER_NAMESPACES, SHELL_NAMESPACES, pageNamespaces, withMember } from "./page-i18n.ts";

describe("pageNamespaces (docs/decisions/725)", () => {
  it("is null (every namespace) when no matched route declares handle.i18n", () => {
    expect(pageNamespaces([undefined, { hydrate: true }, null])).toBeNull();
  });

  it("is the shell's plus every declared list, each namespace once", () => {
    expect(pageNamespaces([undefined, { i18n: ["trade", "chart"] }, { i18n: ["trade", "fund"] }])).toEqual([
      ...SHELL_NAMESPACES,
      "trade",
      "chart",
      "fund",
    ]);
    expect(pageNamespaces([{ i18n: [] }])).toEqual([...SHELL_NAMESPACES]);
  });

  it("adds the account menu's namespaces for a logged-in visitor only", () => {
    const page = pageNamespaces([{ i18n: ["trade"] }]);
    expect(withMember(page, false)).toEqual(page);
    expect(withMember(page, true)).toEqual([...(page ?? []), ...MEMBER_NAMESPACES]);
    expect(withMember(null, true)).toBeNull();
  });
});
