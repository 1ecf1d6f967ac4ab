import { describe, expect, it } from "vitest";
import { DomUtils, parseDocument } from "htmlparser2";
import { checkImageSource, checkLink, type LinkPolicy } from "~/lib/links/link-policy";
import { RICH_TEXT_TAGS, sanitizeRichText, type RichTextOptions } from "./rich-text.server";
import { XSS_CORPUS } from "./rich-text.xss-corpus";

const policy: LinkPolicy = { hosts: ["mix.example"], addresses: ["https://bitcoin.org/"] };
const opts: RichTextOptions = { policy, imageHosts: ["img.mix.example"] };

/**
 * What each kept element may carry, as `tag:attribute`, written out here rather than read from the
 * sanitiser so that a widened allow-list fails this test; anything else is a failure of the allow-list.
 */
const ALLOWED_ATTRIBUTES = new Set(
  `a:href a:title a:target a:rel img:src img:alt img:title img:width img:height
   abbr:title ol:start ol:reversed th:scope th:colspan th:rowspan td:colspan td:rowspan`.split(/\s+/),
);
const EVERYWHERE = ["lang", "dir"];
// eslint-disable-next-line no-control-regex
const squeeze = (v: string) => v.replace(/[\s\u0000-\u001f\u007f]+/g, "").toLowerCase();

/** Re-parses the output, as a browser would receive it, and lists everything that could run. */
function findings(output: string): string[] {
  const problems: string[] = [];
  const doc = parseDocument(output, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  for (const node of DomUtils.filter(() => true, doc.children, true)) {
    if (node.type === "comment" || node.type === "directive" || node.type === "cdata") problems.push(`${node.type} node survived`);
  }
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(el.name)) problems.push(`element <${el.name}>`);
    for (const [name, value] of Object.entries(el.attribs)) {
      if (!ALLOWED_ATTRIBUTES.has(`${el.name}:${name}`) && !EVERYWHERE.includes(name)) problems.push(`attribute ${name} on <${el.name}>`);
      if (name.startsWith("on")) problems.push(`event handler ${name}`);
      if (/(java|vb|live)script:/.test(squeeze(value))) problems.push(`script URL in ${name}`);
      if (name === "href" && !checkLink(value, policy).allowed) problems.push(`href ${value}`);
      if (name === "src" && !checkImageSource(value, policy, opts.imageHosts).allowed) problems.push(`src ${value}`);
      if (name === "href" && squeeze(value).startsWith("data:")) problems.push(`data: link ${value}`);
    }
    if (el.name === "a" && el.attribs.target && !/noopener/.test(el.attribs.rel ?? "")) problems.push("new window keeps its opener");
  }
  return problems;
}

const cases = Object.entries(XSS_CORPUS).flatMap(([kind, list]) => list.map((html) => [kind, html] as const));

describe("rich text against the XSS corpus (re-parsed output)", () => {
  it("has a broad corpus", () => {
    expect(Object.keys(XSS_CORPUS).length).toBeGreaterThanOrEqual(10);
    expect(cases.length).toBeGreaterThanOrEqual(120);
  });

  it.each(cases)("%s: %j", (_kind, html) => {
    const output = sanitizeRichText(html, opts);
    expect(findings(output), output).toEqual([]);
    // Stable: sanitising the output again changes nothing, so no parse round trip can mutate it.
    expect(sanitizeRichText(output, opts)).toBe(output);
  });

  it("the checker itself sees what it must refuse (so the corpus test can fail)", () => {
    expect(findings('<img src=x onerror="alert(1)">')).toEqual(expect.arrayContaining(["event handler onerror", "src x"]));
    expect(findings('<svg><a href="javascript:alert(1)">x</a></svg>')).toEqual(
      expect.arrayContaining(["element <svg>", "script URL in href"]),
    );
    expect(findings("<p>a<!-- b --></p>")).toEqual(["comment node survived"]);
    expect(findings('<a href="https://bitcoin.org/" target="_blank">x</a>')).toEqual(["new window keeps its opener"]);
    expect(findings('<iframe srcdoc="x"></iframe>')).toEqual(["element <iframe>", "attribute srcdoc on <iframe>"]);
  });

  it("keeps the harmless words around what it removes", () => {
    expect(sanitizeRichText('<p onmouseover="alert(1)">hover me</p>', opts)).toBe("<p>hover me</p>");
    expect(sanitizeRichText('<object data="javascript:alert(1)"><p>fallback</p></object><p>after</p>', opts)).toBe("<p>after</p>");
    expect(sanitizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", opts)).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});
