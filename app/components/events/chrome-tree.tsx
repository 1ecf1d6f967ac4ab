import { createElement, type ReactNode } from "react";
import type { ChromeElement } from "~/lib/events/chrome-model";

/** SVG and ARIA attributes as React spells them; the rest pass as written. */
const REACT_NAMES: Record<string, string> = {
  class: "className",
  "stroke-width": "strokeWidth",
  "stroke-linejoin": "strokeLinejoin",
};

/** Renders the chrome's element tree on the server, the same boxes the standalone runtime mounts. */
export function ChromeTree({ node }: { node: ChromeElement }): ReactNode {
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node.attrs)) props[REACT_NAMES[k] ?? k] = v;
  return createElement(node.tag, props, ...node.children.map((c, i) => (typeof c === "string" ? c : <ChromeTree key={i} node={c} />)));
}
