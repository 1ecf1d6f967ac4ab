import type forgeType from "node-forge";

let loading: Promise<typeof forgeType> | undefined;

/**
 * node-forge on demand, as its own chunk: only for what WebCrypto cannot do (RSAES-PKCS1-v1_5
 * key wrapping, MD5, X.509). A page's initial JavaScript never contains it.
 */
export function loadForge(): Promise<typeof forgeType> {
  loading ??= import("node-forge").then(
    (m) => (m as unknown as { default?: typeof forgeType }).default ?? (m as unknown as typeof forgeType),
  );
  return loading;
}
