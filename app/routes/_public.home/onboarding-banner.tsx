import { Link } from "@remix-run/react";

/**
 * A member who has not finished the on-boarding chat is invited back to it here, not
 * forced: messages, deals and links from e-mails must keep working meanwhile.
 */
export function OnboardingBanner({ to }: { to: string }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6">
      <p className="rounded-md border border-primary/30 bg-primary-light px-4 py-3 text-sm" data-testid="onboarding-banner">
        A few questions about your company and what you do here, one at a time.{" "}
        <Link to={to} className="link font-semibold">
          Finish setting up your account
        </Link>
      </p>
    </div>
  );
}
