import { HONEYPOT_FIELD } from "~/lib/inbound";

/** The field people never see; a bot that fills it is thanked and nothing is kept. */
export function Honeypot() {
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
