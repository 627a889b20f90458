import { createContext, useContext, type ReactNode } from "react";

/** The CSP nonce reaches root's <Scripts> through context; in the browser it is empty. */
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
