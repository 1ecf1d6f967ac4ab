import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The CSP nonce of this document, for inline scripts and styles rendered by components. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
