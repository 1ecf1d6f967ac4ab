import { describe, expect, it } from "vitest";
import { localizePath } from "~/lib/i18n/locale-path";
import { sanitizeRichText, type RichTextOptions } from "./rich-text.server";

const opts: RichTextOptions = {
  policy: { hosts: ["mix.example"], addresses: ["https://bitcoin.org/"] },
  imageHosts: ["img.mix.example"],
  localize: (path) => (/^\/[a-z]{2}(-[A-Z]{2})?\//.test(path) ? path : localizePath(path, "ja")),
};
const clean = (html: string) => sanitizeRichText(html, opts);

const STRUCTURE =
  "<h2>What it is</h2><p>A <strong>peer-to-peer</strong> <em>cash</em> system.</p><ul><li>one</li></ul>" +
  '<table><thead><tr><th scope="col">Year</th></tr></thead><tbody><tr><td>2009</td></tr></tbody></table>';

/** What each rule does: the input, and what the sanitiser must give for it. */
const RULES: Record<string, ReadonlyArray<readonly [string, string]>> = {
  "keeps text structure as it is": [[STRUCTURE, STRUCTURE]],
  "gives allowed external links a new window without opener or referrer": [
    [
      '<a href="https://bitcoin.org/bitcoin.pdf" target="_self" rel="opener">paper</a>',
      '<a href="https://bitcoin.org/bitcoin.pdf" target="_blank" rel="noopener noreferrer">paper</a>',
    ],
  ],
  "makes brand absolute links relative and puts bare site paths under the page's locale": [
    ['<a href="https://www.mix.example/ja/wiki/bitcoin">b</a>', '<a href="/ja/wiki/bitcoin">b</a>'],
    ['<a href="/wiki/ethereum">e</a>', '<a href="/ja/wiki/ethereum">e</a>'],
    ['<a href="HTTPS://MIX.EXAMPLE/wiki/solana">s</a>', '<a href="/ja/wiki/solana">s</a>'],
    ['<a href="#history">h</a><a href="mailto:help@mix.example">m</a>', '<a href="#history">h</a><a href="mailto:help@mix.example">m</a>'],
  ],
  "keeps the words of a refused link but not its address": [
    ['<a href="https://evil.example/" target="_blank">prize</a>', "<a>prize</a>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
  ],
  "takes images from this site and the image hosts only": [
    [
      '<img src="https://img.mix.example/a.png" alt="A" width="20" height="x">',
      '<img src="https://img.mix.example/a.png" alt="A" width="20" />',
    ],
    ['<img src="/coins/btc.svg" alt="">', '<img src="/coins/btc.svg" alt="" />'],
    ['<p><img src="https://evil.example/track.gif" alt="t">text</p>', "<p>text</p>"],
    ['<img alt="no source">', ""],
  ],
  "strips comments, removes script and noscript with their bodies": [
    ["<p>a<!-- secret --></p><!--[if IE]><script>x()</script><![endif]-->", "<p>a</p>"],
    ["<p>a</p><script>alert(1)</script><noscript><p>no script</p></noscript><p>b</p>", "<p>a</p><p>b</p>"],
  ],
  "blanks javascript: in any value it keeps (and an empty value is not written)": [
    ['<abbr title="javascript:alert(1)">JS</abbr>', "<abbr>JS</abbr>"],
    ['<abbr title="Ja&#x0A;vaScript&colon;x">JS</abbr>', "<abbr>JS</abbr>"],
    ['<abbr title="a javascript primer">JS</abbr>', '<abbr title="a javascript primer">JS</abbr>'],
  ],
  "turns a top-level heading into a section heading (the page has its own h1)": [["<h1>Title</h1>", "<h2>Title</h2>"]],
  "drops classes, ids, styles and handlers that could reach into the page": [
    ['<p id="main" class="button primary" style="position:fixed" onclick="x()" name="n">t</p>', "<p>t</p>"],
  ],
};

describe("sanitizeRichText", () => {
  for (const [rule, cases] of Object.entries(RULES)) {
    it.each(cases)(`${rule}: %j`, (html, want) => {
      expect(clean(html)).toBe(want);
    });
  }
});
