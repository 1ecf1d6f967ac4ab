import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { SSR_REFERENCE_HEADERS } from "../protocol/headers";
import { NonceProvider } from "~/components/nonce";
import { PageCssProvider } from "~/components/page-css";
import { criticalCssText } from "~/components/page-css.server";
import { LinkPolicyProvider } from "~/components/link-guard";
import { referenceRender, type ReferenceRender } from "~/utils/ssr-reference.server";
import { localeOf, serverI18n } from "~/utils/i18n.server";

export const streamTimeout = 5_000;

function documentOf(context: EntryContext, loadContext: AppLoadContext, url: string, i18n: i18n) {
  const nonce = loadContext.cspNonce;
  return (
    <NonceProvider value={nonce}>
      <LinkPolicyProvider value={loadContext.linkPolicy}>
        <PageCssProvider value={criticalCssText}>
          <I18nextProvider i18n={i18n}>
            <RemixServer context={context} url={url} abortDelay={streamTimeout} nonce={nonce} />
          </I18nextProvider>
        </PageCssProvider>
      </LinkPolicyProvider>
    </NonceProvider>
  );
}

/**
 * Test only (SSR_REFERENCE=on): the same document from the same loader data, rendered by the
 * reference renderer. The loader data streamed into the page is read once, so each render gets its
 * own branch of it. A failed reference render is logged and sends no digest: the test then fails.
 */
function withReference(
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  url: string,
  i18n: i18n,
): { context: EntryContext; reference: Promise<ReferenceRender | null> } {
  const [own, copy] = remixContext.serverHandoffStream?.tee() ?? [undefined, undefined];
  const reference = referenceRender(
    documentOf({ ...remixContext, serverHandoffStream: copy }, loadContext, url, i18n),
    loadContext.cspNonce,
    streamTimeout + 1000,
  ).catch((error: unknown) => {
    console.error(error);
    return null;
  });
  return { context: { ...remixContext, serverHandoffStream: own }, reference };
}

/**
 * Renders the document once everything in it is ready (no route defers data yet), so the
 * browser hydrates a complete page: with React 18, a pending boundary hit by an early key press
 * fails the root (error #345). The CSP nonce reaches every script. react-dom's Node renderer is
 * patched at install (patches/, docs/decisions/014): unpatched, it put NUL bytes in pages.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const i18n = await serverI18n(await localeOf(request));
  const { context, reference } = loadContext.ssrReference
    ? withReference(remixContext, loadContext, request.url, i18n)
    : { context: remixContext, reference: undefined };
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const send = (digest: ReferenceRender | null) => {
      if (digest) {
        responseHeaders.set(SSR_REFERENCE_HEADERS.sha256, digest.sha256);
        responseHeaders.set(SSR_REFERENCE_HEADERS.length, String(digest.length));
      }
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // Everything is ready, so React writes the whole document at once, in 2 KB pieces: gathered
      // into one body, compression and the socket see one write instead of twenty (docs/decisions/607).
      const pieces: Buffer[] = [];
      const body = new Writable({
        write(piece: Buffer, _encoding, done) {
          pieces.push(piece);
          done();
        },
        final(done) {
          resolve(new Response(Buffer.concat(pieces), { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(documentOf(context, loadContext, request.url, i18n), {
      nonce,
      onAllReady() {
        shellRendered = true;
        if (reference) void reference.then(send);
        else send(null);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by onShellError; later ones are logged once here.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
