import { useNonce } from "~/components/nonce";

/** A JSON-LD block in the first HTML (docs/decisions/605); `text` comes from `jsonLd()`, which escapes `<`. */
export function JsonLd({ text }: { text: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
