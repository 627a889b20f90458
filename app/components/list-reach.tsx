import { Link } from "@remix-run/react";
import { formatNumber } from "~/lib/format";
import type { Reach } from "~/lib/marketing";

/**
 * A list's size and who on it cannot be reached, per channel: shown before anything is sent. Without
 * `reach` (a big list's is counted only when asked: decision 094), `countHref` is the link that asks.
 * `leftOut`: the companies it selects that are disabled or locked, named so that fewer members than ticked rows
 * have a reason.
 */
export function ListReach({ size, leftOut = 0, reach, countHref }: { size: number; leftOut?: number; reach: Reach | null; countHref?: string }) {
  const n = formatNumber;
  return (
    <dl className="card grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="list-reach">
      <dt className="font-medium">Members</dt>
      <dd data-testid="list-size">
        {n(size)}
        {leftOut ? (
          <span className="text-slate-600" data-testid="list-left-out">
            {" "}
            ({leftOut === 1 ? "1 company is disabled or locked and gets" : `${n(leftOut)} companies are disabled or locked and get`} nothing)
          </span>
        ) : null}
      </dd>
      {!reach && countHref ? (
        <>
          <dt className="font-medium">Reaches</dt>
          <dd>
            <Link to={countHref} className="link" data-testid="count-reach" preventScrollReset>
              Count who it reaches
            </Link>{" "}
            <span className="text-slate-600">(each member&apos;s address checked as a send would)</span>
          </dd>
        </>
      ) : null}
      {reach?.email ? (
        <>
          <dt className="font-medium">E-mail reaches</dt>
          <dd data-testid="email-reachable">{n(reach.email.reachable)}</dd>
          <dt className="font-medium">Cannot be e-mailed</dt>
          <dd data-testid="email-unreachable">
            {n(reach.email.noAddress + reach.email.suppressed)} ({n(reach.email.noAddress)} without an e-mail address, {n(reach.email.suppressed)} unsubscribed or
            suppressed)
          </dd>
        </>
      ) : null}
      {reach?.sms ? (
        <>
          <dt className="font-medium">SMS reaches</dt>
          <dd data-testid="sms-reachable">{n(reach.sms.reachable)}</dd>
          <dt className="font-medium">Cannot be texted</dt>
          <dd data-testid="sms-unreachable">
            {n(reach.sms.noPhone + reach.sms.invalidPhone + reach.sms.suppressed + reach.sms.noAllowance)} ({n(reach.sms.noPhone)} without a phone,{" "}
            {n(reach.sms.invalidPhone)} with an invalid number, {n(reach.sms.noAllowance)} without SMS allowance, {n(reach.sms.suppressed)} opted out)
          </dd>
        </>
      ) : null}
    </dl>
  );
}
