import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToString, type renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * React 18's Node streaming renderer packs its output into 2,048-byte views. When a character that
 * takes several UTF-8 bytes did not fit at the end of a view, it sent the whole view, unwritten zero
 * tail included: stray NUL bytes in the page (react PR 26228; our patch, docs/decisions/014).
 * Both builds are checked, whichever NODE_ENV this runs under: the server runs the production one.
 */
const require = createRequire(import.meta.url);
// The builds are not in react-dom's exports map: reached by path from its package.json.
const reactDom = dirname(require.resolve("react-dom/package.json"));
const BUILDS = {
  development: join(reactDom, "cjs/react-dom-server.node.development.js"),
  production: join(reactDom, "cjs/react-dom-server.node.production.min.js"),
} as const;
const VIEW_SIZE = 2048;
/** Longer strings skip the view (React encodes them on their own), so every text stays below this. */
const VIEW_TEXT_MAX = Math.floor(VIEW_SIZE / 3);
const FILLER = "a".repeat(600);

function page(padding: number, char: string): ReactElement {
  // Three fillers and the padding bring the character to the end of the first view; the text
  // after it makes the renderer write past the boundary in the same chunk.
  const last = `${"a".repeat(padding)}${char}tail`;
  expect(last.length).toBeLessThanOrEqual(VIEW_TEXT_MAX);
  return (
    <div>
      {FILLER}
      <br />
      {FILLER}
      <br />
      {FILLER}
      <br />
      {last}
    </div>
  );
}

function streamBytes(render: typeof RenderToPipeableStream, element: ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        // A copy: the renderer may hand over a view of a buffer it goes on using.
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = render(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

const CHARS = [
  { char: "é", bytes: 2 },
  { char: "日", bytes: 3 },
  { char: "😀", bytes: 4 },
];

describe.each(Object.entries(BUILDS))("react-dom's Node streaming renderer (%s build)", (_name, path) => {
  const { renderToPipeableStream } = require(path) as { renderToPipeableStream: typeof RenderToPipeableStream };

  for (const { char, bytes } of CHARS) {
    // Every place the boundary can cut the character: after its first byte, its second, ...
    for (let before = 1; before < bytes; before++) {
      it(`writes a ${bytes}-byte character cut ${before} byte(s) into it by the ${VIEW_SIZE}-byte boundary whole`, async () => {
        const offsetAt = (padding: number) => Buffer.from(renderToString(page(padding, char))).indexOf(char);
        const padding = VIEW_SIZE - before - offsetAt(0);
        const expected = Buffer.from(renderToString(page(padding, char)));
        // The case really straddles the boundary (renderToString builds a string: no views).
        expect(expected.indexOf(char)).toBe(VIEW_SIZE - before);

        const streamed = await streamBytes(renderToPipeableStream, page(padding, char));
        expect(streamed.indexOf(0)).toBe(-1);
        expect(streamed.subarray(VIEW_SIZE - before - 8, VIEW_SIZE + bytes + 8).toString("utf8")).toBe(
          expected.subarray(VIEW_SIZE - before - 8, VIEW_SIZE + bytes + 8).toString("utf8"),
        );
        expect(streamed.equals(expected)).toBe(true);
      });
    }
  }

  it("streams the same bytes as a string render for every padding around the boundary", async () => {
    const base = Buffer.from(renderToString(page(0, "日"))).indexOf("日");
    for (let padding = VIEW_SIZE - base - 8; padding <= VIEW_SIZE - base + 4; padding++) {
      const streamed = await streamBytes(renderToPipeableStream, page(padding, "日"));
      expect(streamed.equals(Buffer.from(renderToString(page(padding, "日")))), `padding ${padding}`).toBe(true);
    }
  });
});
