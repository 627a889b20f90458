import { signedNdaPdf } from "../documents/audit-page";
import type { SigningProvider } from "./provider";

/** Signing on our own page: the signer types their name and agrees; the audit page is ours. */
export const builtinSigner: SigningProvider = {
  name: "builtin",
  async signingUrl({ returnUrl }) {
    return returnUrl;
  },
  async complete({ document, evidence }) {
    return signedNdaPdf(document, evidence);
  },
};

export function signingProvider(name = "builtin"): SigningProvider {
  if (name === builtinSigner.name) return builtinSigner;
  throw new Error(`Unknown signing provider ${name}`);
}
