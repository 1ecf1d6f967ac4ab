import { createHash } from "node:crypto";
import type { ReactNode } from "react";

export interface ReferenceRender {
  sha256: string;
  length: number;
}

/**
 * The page as React's web-streams build renders it: the same renderer as the Node build the site
 * streams with, but it encodes each string whole before copying bytes, so where its buffer ends
 * cannot change the output. Tests compare the streamed page with this (docs/decisions/014).
 */
export async function referenceRender(element: ReactNode, nonce: string, timeoutMs: number): Promise<ReferenceRender> {
  // Loaded on first use: a server without SSR_REFERENCE never loads this second renderer.
  const { renderToReadableStream } = await import("react-dom/server.browser");
  let failure: unknown;
  const stream = await renderToReadableStream(element, {
    nonce,
    // Given up like the streamed render (an aborted render reports an error: no digest is sent).
    signal: AbortSignal.timeout(timeoutMs),
    onError(error: unknown) {
      failure ??= error;
    },
  });
  await stream.allReady;
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  if (failure !== undefined) throw failure;
  return { sha256: createHash("sha256").update(bytes).digest("hex"), length: bytes.byteLength };
}
