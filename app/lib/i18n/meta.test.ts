import { describe, expect, it } from "vitest";
import type { MetaArgs } from "@remix-run/node";
import { metaT, privateMeta, privatePageMeta } from "./meta";
import { resourcesFor } from "./resources.server";

const matches = [
  {
    id: "root",
    data: {
      locale: "ja",
      resources: { en: { common: { a: { b: "English", only: "Only English" } } }, ja: { common: { a: { b: "日本語" } } } },
    },
  },
];

describe("meta translation", () => {
  it("uses the page's locale, then English, then the key", () => {
    expect(metaT(matches, "a.b")).toBe("日本語");
    expect(metaT(matches, "a.only")).toBe("Only English");
    expect(metaT(matches, "a.missing")).toBe("a.missing");
    expect(metaT([], "a.b")).toBe("a.b");
  });

  it("reads the server's texts when the root sent none (a page that does not hydrate)", () => {
    const sent = (locale: string) => [{ id: "root", data: { locale, resources: {} } }];
    const de = resourcesFor("de").resources;
    const title = (de.de?.wiki as { index: { title: string } }).index.title;
    expect(metaT(sent("de"), "index.title", "wiki")).toBe(title);
    expect(metaT(sent("de"), "index.title", "wiki")).not.toBe((de.en?.wiki as { index: { title: string } }).index.title);
    // English beneath, then the key.
    expect(metaT(sent("xx"), "index.title", "wiki")).toBe((de.en?.wiki as { index: { title: string } }).index.title);
    expect(metaT(sent("de"), "no.such.key", "wiki")).toBe("no.such.key");
    // Texts the root did send win.
    expect(metaT(matches, "a.b")).toBe("日本語");
  });
  it("private pages are titled and not indexed", () => {
    expect(privatePageMeta(matches, "a.b")).toEqual([{ title: "日本語 | Mix Exchange" }, { name: "robots", content: "noindex" }]);
    // The routes' `meta` export gives the same for its key and namespace.
    const args = { matches } as unknown as MetaArgs;
    expect(privateMeta("a.b")(args)).toEqual(privatePageMeta(matches, "a.b"));
    expect(privateMeta("a.only", "common")(args)).toEqual([
      { title: "Only English | Mix Exchange" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
