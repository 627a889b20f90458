import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress } from "~/.server/http";
import { turnstileEnabled, verifyTurnstile } from "~/.server/turnstile";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { Turnstile } from "~/components/turnstile";
import { titleMeta } from "~/lib/meta";
import { contactSchema } from "~/lib/schemas/account";
import { saveContactMessage } from "~/models/contact-messages.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";

export const meta = () => titleMeta("Contact us");

/** A field people never see; bots that fill every input fill it. */
export const HONEYPOT_FIELD = "website";

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  return json({
    turnstileSiteKey: turnstileEnabled(services.env) ? services.env.TURNSTILE_SITE_KEY! : null,
    defaults: (user
      ? { name: user.name, email: user.email, company: user.company, phone: user.phone }
      : {}) as Partial<Record<"name" | "email" | "company" | "phone" | "message", string>>,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return invalid(submission);
  const thanks = () =>
    redirectWithNotification(services, args.request, "/contact-us", "Thank you. We will get back to you shortly.");
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return thanks();

  const address = clientAddress(args.request);
  const token = formData.get("cf-turnstile-response");
  if (!(await verifyTurnstile(services.env, typeof token === "string" ? token : null, address))) {
    return refuse(submission, "Please complete the check that you are not a robot.", 400);
  }
  const limit = await hitRateLimit(services.db, `contact:${address}`, { limit: 20, windowMs: 60 * 60_000 });
  if (!limit.allowed) {
    return refuse(submission, "Too many messages from your address. Please try again later.", 429);
  }
  await saveContactMessage(services.db, { ...submission.value, userId: user?.id ?? null });
  return thanks();
}

export default function ContactPage() {
  const { turnstileSiteKey, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Contact us</h1>
      <p className="mb-8 text-slate-600">
        Questions about listing a portfolio, buying, or our broker program? Our team answers within one business day.
      </p>
      <Form method="post" className="card space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" autoComplete="name" />
          <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
          <TextField meta={fields.company} label="Company" hint="optional" autoComplete="organization" />
          <TextField meta={fields.phone} label="Phone" type="tel" hint="optional, with country code" autoComplete="tel" />
        </div>
        <TextAreaField meta={fields.message} label="Message" />
        <div className="hidden" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {turnstileSiteKey ? <Turnstile siteKey={turnstileSiteKey} /> : null}
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Send message
        </button>
      </Form>
    </div>
  );
}
