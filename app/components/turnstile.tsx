import { useNonce } from "~/lib/nonce";

/** Cloudflare's widget adds a `cf-turnstile-response` field to the form it sits in. */
export function Turnstile({
  siteKey,
  withoutScript = "This form needs JavaScript for its robot check; you can also e-mail us.",
}: {
  siteKey: string;
  /** What a visitor without JavaScript should do instead. */
  withoutScript?: string;
}) {
  const nonce = useNonce();
  return (
    <>
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />
      <div className="cf-turnstile" data-sitekey={siteKey} />
      <noscript>
        <p className="text-sm text-slate-600">{withoutScript}</p>
      </noscript>
    </>
  );
}
