import type { StandaloneAssets } from "~/load-context";
import { useNonce } from "~/components/nonce";

/**
 * The tags that run standalone bundles (docs/decisions/019): module preloads for their chunks, their
 * styles and the module itself, each with this document's nonce. `bundles` comes from a loader
 * (`context.standalone(name)`); a bundle that was not built is left out rather than linked to a 404.
 */
export function StandaloneScripts({ bundles }: { bundles: readonly (StandaloneAssets | undefined)[] }) {
  const nonce = useNonce();
  const present = bundles.filter((b): b is StandaloneAssets => b !== undefined);
  const preload = [...new Set(present.flatMap((b) => b.preload))];
  const css = [...new Set(present.flatMap((b) => b.css))];
  return (
    <>
      {css.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      {present.map((b) => (
        <script key={b.script} type="module" src={b.script} nonce={nonce} />
      ))}
    </>
  );
}
