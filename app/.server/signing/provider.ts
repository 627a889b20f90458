import type { SigningEvidence } from "../documents/audit-page";

/**
 * How an NDA gets signed. The built-in signer is our own page; DocuSign or Dropbox
 * Sign would send the signer to their page and back to the same return URL, then
 * hand over the signed PDF in `complete`. Nothing else in the app knows which one runs.
 */
export interface SigningProvider {
  readonly name: string;
  /** Where to send the signer to sign envelope `envelopeId`. */
  signingUrl(input: { envelopeId: string; returnUrl: string }): Promise<string>;
  /** The signed PDF for the envelope, once the signer has agreed. */
  complete(input: { document: Uint8Array; evidence: SigningEvidence }): Promise<Uint8Array>;
}
