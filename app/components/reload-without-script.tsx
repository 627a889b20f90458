/**
 * useRefreshWhile's part without JavaScript: while `active`, the page reloads itself every few seconds. In a noscript,
 * which a browser running scripts reads as text: there the data is read again in place. Only for pages whose forms
 * hold nothing typed while it runs (a reload drops what was typed).
 */
export function ReloadWithoutScript({ active }: { active: boolean }) {
  return active ? (
    <noscript>
      <meta httpEquiv="refresh" content="3" />
    </noscript>
  ) : null;
}
