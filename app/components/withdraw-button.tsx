import { Form } from "@remix-run/react";

/** Which listings may still be withdrawn. */
export const WITHDRAWABLE = ["submitted", "published", "under_offer"] as const;

export function WithdrawButton({ status }: { status: string }) {
  if (!(WITHDRAWABLE as readonly string[]).includes(status)) return null;
  return (
    <Form method="post">
      <button type="submit" name="intent" value="withdraw" className="btn-secondary">
        Withdraw
      </button>
    </Form>
  );
}
