import { Form } from "@remix-run/react";

type Stopped = { address: string; reason: "unsubscribed" | "bounced" | "complained"; at: string };

const KEPT_BECAUSE = { bounced: "mail to it bounced", complained: "our e-mail to it was marked as spam" } as const;

/**
 * The member's address is on the suppression list: no marketing e-mail nor saved-search alerts reach it. An unsubscribe
 * of their own they may undo here ("Subscribe again", decision 142); a bounce or a spam complaint only we lift.
 */
export function MailStopped({ stopped }: { stopped: Stopped }) {
  return (
    <section aria-labelledby="mail-stopped-title" className="card space-y-3" data-testid="mail-stopped">
      <h2 id="mail-stopped-title" className="text-lg font-semibold">
        E-mail from us
      </h2>
      {stopped.reason === "unsubscribed" ? (
        <Form method="post" className="space-y-3">
          <p>
            {stopped.address} was unsubscribed on {stopped.at.slice(0, 10)}: it gets no marketing e-mail from us, nor saved-search alerts. Messages about your own deals
            and account still arrive.
          </p>
          <button type="submit" name="intent" value="resubscribe" className="btn-secondary">
            Subscribe again
          </button>
        </Form>
      ) : (
        <p>
          {stopped.address} gets no marketing e-mail from us, nor saved-search alerts: {KEPT_BECAUSE[stopped.reason] ?? KEPT_BECAUSE.bounced} on {stopped.at.slice(0, 10)}. To get
          them there again, <a className="link" href="/contact-us">contact us</a>.
        </p>
      )}
    </section>
  );
}
