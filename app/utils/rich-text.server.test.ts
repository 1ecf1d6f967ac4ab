import { describe, expect, it } from "vitest";
import { localizePath } from "~/lib/i18n/locale-path";
import { sanitizeRichText, type RichTextOptions } from "./rich-text.server";

const opts: RichTextOptions = {
  policy: { hosts: ["mix.example"], addresses: ["https://bitcoin.org/"] },
  imageHosts: ["img.mix.example"],
  localize: (path) => (/^\/[a-z]{2}(-[A-Z]{2})?\//.test(path) ? path : localizePath(path, "ja")),
};
const clean = (html: string) => sanitizeRichText(html, opts);

describe("sanitizeRichText", () => {
  it("keeps text structure as it is", () => {
    const html = '<h2>What it is</h2><p>A <strong>peer-to-peer</strong> <em>cash</em> system.</p><ul><li>one</li></ul>'
      + '<table><thead><tr><th scope="col">Year</th></tr></thead><tbody><tr><td>2009</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it("gives allowed external links a new window without opener or referrer", () => {
    expect(clean('<a href="https://bitcoin.org/bitcoin.pdf" target="_self" rel="opener">paper</a>'))
      .toBe('<a href="https://bitcoin.org/bitcoin.pdf" target="_blank" rel="noopener noreferrer">paper</a>');
  });

  it("makes brand absolute links relative and puts bare site paths under the page's locale", () => {
    expect(clean('<a href="https://www.mix.example/ja/wiki/bitcoin">b</a>')).toBe('<a href="/ja/wiki/bitcoin">b</a>');
    expect(clean('<a href="/wiki/ethereum">e</a>')).toBe('<a href="/ja/wiki/ethereum">e</a>');
    expect(clean('<a href="HTTPS://MIX.EXAMPLE/wiki/solana">s</a>')).toBe('<a href="/ja/wiki/solana">s</a>');
    expect(clean('<a href="#history">h</a><a href="mailto:help@mix.example">m</a>')).toBe('<a href="#history">h</a><a href="mailto:help@mix.example">m</a>');
  });

  it("keeps the words of a refused link but not its address", () => {
    expect(clean('<a href="https://evil.example/" target="_blank">prize</a>')).toBe("<a>prize</a>");
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("takes images from this site and the image hosts only", () => {
    expect(clean('<img src="https://img.mix.example/a.png" alt="A" width="20" height="x">')).toBe('<img src="https://img.mix.example/a.png" alt="A" width="20" />');
    expect(clean('<img src="/coins/btc.svg" alt="">')).toBe('<img src="/coins/btc.svg" alt="" />');
    expect(clean('<p><img src="https://evil.example/track.gif" alt="t">text</p>')).toBe("<p>text</p>");
    expect(clean('<img alt="no source">')).toBe("");
  });

  it("strips comments, removes script and noscript with their bodies", () => {
    expect(clean("<p>a<!-- secret --></p><!--[if IE]><script>x()</script><![endif]-->")).toBe("<p>a</p>");
    expect(clean("<p>a</p><script>alert(1)</script><noscript><p>no script</p></noscript><p>b</p>")).toBe("<p>a</p><p>b</p>");
  });

  it("blanks javascript: in any value it keeps (and an empty value is not written)", () => {
    expect(clean('<abbr title="javascript:alert(1)">JS</abbr>')).toBe("<abbr>JS</abbr>");
    expect(clean('<abbr title="Ja&#x0A;vaScript&colon;x">JS</abbr>')).toBe("<abbr>JS</abbr>");
    expect(clean('<abbr title="a javascript primer">JS</abbr>')).toBe('<abbr title="a javascript primer">JS</abbr>');
  });

  it("turns a top-level heading into a section heading (the page has its own h1)", () => {
    expect(clean("<h1>Title</h1>")).toBe("<h2>Title</h2>");
  });

  it("drops classes, ids, styles and handlers that could reach into the page", () => {
    expect(clean('<p id="main" class="button primary" style="position:fixed" onclick="x()" name="n">t</p>')).toBe("<p>t</p>");
  });
});
