import { describe, expect, it } from "vitest";
import { MEMBER_NAMESPACES, SHELL_NAMESPACES, pageNamespaces, withMember } from "./page-i18n.ts";

describe("pageNamespaces (docs/decisions/725)", () => {
  it("is null (every namespace) when no matched route declares handle.i18n", () => {
    expect(pageNamespaces([undefined, { hydrate: true }, null])).toBeNull();
    expect(pageNamespaces([{ i18nMember: ["gtfees"] }])).toBeNull();
  });

  it("is the shell's plus every declared list, each namespace once", () => {
    expect(pageNamespaces([undefined, { i18n: ["markets", "chart"] }, { i18n: ["chart", "wallet"] }])).toEqual({
      namespaces: [...SHELL_NAMESPACES, "markets", "chart", "wallet"],
      member: [],
    });
    expect(pageNamespaces([{ i18n: [] }])).toEqual({ namespaces: [...SHELL_NAMESPACES], member: [] });
  });

  it("the shell's footer is named by its own small namespace, not the fee and reserves pages' texts", () => {
    expect(SHELL_NAMESPACES).toContain("footer");
    expect(SHELL_NAMESPACES).not.toContain("vip");
    expect(SHELL_NAMESPACES).not.toContain("reserves");
  });

  it("adds the account menu's and the page's member-only namespaces for a logged-in visitor only", () => {
    const page = pageNamespaces([{ i18n: ["chart"], i18nMember: ["gtfees", "chart"] }]);
    expect(withMember(page, false)).toEqual([...SHELL_NAMESPACES, "chart"]);
    expect(withMember(page, true)).toEqual([...SHELL_NAMESPACES, "chart", ...MEMBER_NAMESPACES, "gtfees"]);
    expect(withMember(null, true)).toBeNull();
  });
});
