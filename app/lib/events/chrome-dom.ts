/** Builds the chrome's element tree as DOM nodes: text stays text, attributes are set one by one (no HTML parsing). */
import type { ChromeElement } from "./chrome-model";

const SVG_NS = "http://www.w3.org/2000/svg";

export function toDom(node: ChromeElement, doc: Document, svg = false): Element {
  const inSvg = svg || node.tag === "svg";
  const el = inSvg ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) el.setAttribute(k, v);
  for (const c of node.children) el.append(typeof c === "string" ? doc.createTextNode(c) : toDom(c, doc, inSvg));
  return el;
}
