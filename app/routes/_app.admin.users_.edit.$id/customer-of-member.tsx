import { Form, Link } from "@remix-run/react";
import { getFormProps, useForm } from "~/components/form-state";
import { FormErrors, TextField } from "~/components/forms";
import type { ActionResult } from "~/lib/action-result";

/**
 * The customer the member belongs to, or, for a member with none (one who named a company we have in
 * on-boarding is left unattached: decision 015), the form that attaches them to it by its name.
 */
export function CustomerOfMember({ customer, attachable, lastResult }: { customer: { id: number; name: string } | null; attachable: boolean; lastResult?: ActionResult }) {
  const [form, fields] = useForm({
    id: "attach",
    lastResult,
    schema: () => import("~/lib/schemas/customer").then((m) => m.attachCustomerSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!customer && !attachable) return null;
  return (
    <section className="card mt-6 max-w-2xl space-y-3" aria-labelledby="customer-of-member">
      <h2 id="customer-of-member" className="text-lg font-semibold">
        Customer
      </h2>
      {customer ? (
        <p className="text-sm" data-testid="member-customer">
          A member of{" "}
          <Link to={`/admin/customers/${customer.id}`} className="link">
            {customer.name}
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="space-y-3" {...getFormProps(form)}>
          <p className="text-sm text-slate-600">
            Not attached to a customer: the company they typed is only their own words. Attach them to the customer they belong to; its
            verification then decides whether they may sign NDAs.
          </p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="attach" />
          <TextField meta={fields.customerName!} label="Customer's name" hint="as the customers page names it" maxLength={200} />
          <button type="submit" className="btn-secondary">
            Attach to this customer
          </button>
        </Form>
      )}
    </section>
  );
}
