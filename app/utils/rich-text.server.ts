import sanitizeHtml, { type Attributes, type IOptions } from "sanitize-html";
import { APP_SCHEMES } from "../../protocol/links";
import { checkImageSource, checkLink, type LinkPolicy } from "~/lib/links/link-policy";
import { severedRel } from "~/lib/links/open-window";

/**
 * Rich text from the gateway (docs/product.md): sanitised here on the server, by an allow-list, so the
 * browser only ever receives the result and never downloads the sanitiser. docs/decisions/601.
 */
export interface RichTextOptions {
  /** The link allow-list (docs/decisions/600). */
  policy: LinkPolicy;
  /** Image hosts (URL `host` form) images may come from, besides this site. */
  imageHosts: readonly string[];
  /** Puts a site path under the page's locale prefix. */
  localize?: (path: string) => string;
}

/** Text structure only: nothing that runs, loads a document, submits, or switches the parser's namespace. */
export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "blockquote",
  "pre",
  "code",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "abbr",
  "cite",
  "q",
  "mark",
  "span",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
] as const;

/** Per tag; `lang` and `dir` on every one. No `style`, `class`, `id`, `name`, event handler or URL besides href/src. */
const ATTRIBUTES: IOptions["allowedAttributes"] = {
  "*": ["lang", { name: "dir", multiple: false, values: ["ltr", "rtl", "auto"] }],
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height"],
  abbr: ["title"],
  ol: ["start", "reversed"],
  th: ["scope", "colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** Elements whose content goes with them: raw text, other namespaces, embedded documents and their fallbacks. */
const DROPPED_WITH_CONTENT = [
  "script",
  "noscript",
  "style",
  "template",
  "textarea",
  "xmp",
  "plaintext",
  "title",
  "iframe",
  "noembed",
  "noframes",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "select",
  "option",
  "head",
];

const SCRIPT_LIKE = /(?:java|vb|live)script:/i;
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\s\u0000-\u001f\u007f]+/g;

function pick(attribs: Attributes, names: readonly string[]): Attributes {
  const out: Attributes = {};
  for (const n of names) if (attribs[n] !== undefined) out[n] = attribs[n] as string;
  return out;
}

function transformLink(opts: RichTextOptions) {
  return (tagName: string, attribs: Attributes) => {
    const out: Attributes = {};
    const verdict = attribs.href === undefined ? undefined : checkLink(attribs.href, opts.policy);
    if (verdict?.allowed) {
      out.href = verdict.kind === "site" && verdict.href.startsWith("/") && opts.localize ? opts.localize(verdict.href) : verdict.href;
      if (verdict.kind === "external") {
        out.target = "_blank";
        out.rel = severedRel(null);
      }
    }
    // A refused address loses its href: the words stay, as text that goes nowhere.
    return { tagName: "a", attribs: { ...out, ...pick(attribs, ["title", "lang", "dir"]) } };
  };
}

function transformImage(opts: RichTextOptions) {
  return (tagName: string, attribs: Attributes) => {
    const out: Attributes = {};
    const verdict = attribs.src === undefined ? undefined : checkImageSource(attribs.src, opts.policy, opts.imageHosts);
    if (verdict?.allowed) out.src = verdict.href;
    Object.assign(out, pick(attribs, ["alt", "title", "lang", "dir"]));
    for (const dim of ["width", "height"]) {
      const v = attribs[dim];
      if (v !== undefined && /^\d{1,4}$/.test(v)) out[dim] = v;
    }
    return { tagName: "img", attribs: out };
  };
}

/** `javascript:` (or vbscript:/livescript:) anywhere in any kept value, however spaced: blanked (an empty value is then dropped). */
function blankScriptValues(tagName: string, attribs: Attributes) {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) out[name] = SCRIPT_LIKE.test(String(value).replace(INVISIBLE, "")) ? "" : value;
  return { tagName, attribs: out };
}

function options(opts: RichTextOptions): IOptions {
  return {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: ATTRIBUTES,
    allowedClasses: {},
    allowedStyles: {},
    // A second judge after ours: the stricter of the two wins.
    allowedSchemes: ["http", "https", "mailto", "tel", "blob", ...APP_SCHEMES.map((s) => s.slice(0, -1))],
    allowedSchemesByTag: { img: ["http", "https", "data", "blob"] },
    allowProtocolRelative: false,
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: "discard",
    allowVulnerableTags: false,
    transformTags: {
      h1: sanitizeHtml.simpleTransform("h2", {}),
      a: transformLink(opts),
      img: transformImage(opts),
      "*": blankScriptValues,
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  };
}

/** Sanitised HTML, safe to render as the inner HTML of an element. Comments never survive. */
export function sanitizeRichText(html: string, opts: RichTextOptions): string {
  return sanitizeHtml(html, options(opts));
}
