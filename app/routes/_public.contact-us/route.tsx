import { getFormProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, type MetaFunction } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { checkPublicForm } from "~/auth/public-forms.server";
import { redirectWithNotification } from "~/auth/session.server";
import { turnstileEnabled } from "~/.server/turnstile";
import { FormErrors, SelectField, TextAreaField, TextField } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { Turnstile } from "~/components/turnstile";
import { publicMeta } from "~/lib/seo";
import { CONTACT_TOPICS } from "~/lib/inbound";
import { contactFormSchema } from "~/lib/schemas/index.server";
import { receiveInbound } from "~/models/inbound.server";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { parseWithZod } from "~/lib/schemas/index.server";

export const meta: MetaFunction = (args) =>
  publicMeta(args, { path: "/contact-us", title: "Contact us", description: "Write to the Secondary Marketplace team about listing, buying or brokering private credit and illiquid assets." });

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const topic = new URL(args.request.url).searchParams.get("topic") === "demo" ? "demo" : "general";
  return {
    turnstileSiteKey: turnstileEnabled(services.env) ? services.env.TURNSTILE_SITE_KEY! : null,
    signedIn: Boolean(user),
    defaults: {
      topic,
      ...(user ? { name: user.name, email: user.email, company: user.company, phone: user.phone } : {}),
    } as Partial<Record<"topic" | "name" | "email" | "company" | "phone" | "message", string>>,
  };
}

/**
 * A demo request (topic "demo"), a signed-in member's question (a user inquiry), or
 * a visitor's contact message: each kept once, the admins told through the outbox.
 */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: contactFormSchema() });
  if (submission.status !== "success") return invalid(submission);
  const { topic, ...fields } = submission.value;
  const thanks = () =>
    redirectWithNotification(
      services,
      args.request,
      "/contact-us",
      topic === "demo" ? "Thank you. We will be in touch to arrange your demo." : "Thank you. We will get back to you shortly.",
    );
  const check = await checkPublicForm(services, args.request, formData, "contact");
  if (!check.ok) {
    if ("bot" in check) return thanks();
    return refuse(submission, check.message, check.status);
  }
  const kind = topic === "demo" ? "demo" : user ? "inquiry" : "contact";
  await receiveInbound(services, { kind, ...fields, userId: user?.id ?? null });
  return thanks();
}

export default function ContactPage() {
  const { turnstileSiteKey, defaults, signedIn } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const location = useLocation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    defaultValue: defaults,
    schema: () => import("~/lib/schemas/inbound").then((m) => m.contactFormSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Contact us</h1>
      <p className="mb-8 text-slate-600">
        Questions about listing a portfolio, buying, or our broker program? Want to see the marketplace? Request a demo.
        Our team answers within one business day.
        {signedIn ? " Your question and our answer will also appear under Messages." : ""}
      </p>
      {/* drawn anew after a message is sent (the thanks redirect here, with no action data): with JavaScript the page
            stays, and every field stayed filled, inviting the same message again; without it the page is new and empty */}
        <Form method="post" className="card space-y-4" {...getFormProps(form)} key={lastResult ? "answered" : location.key}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField meta={fields.topic} label="Topic" options={CONTACT_TOPICS} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" autoComplete="name" />
          <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
          <TextField meta={fields.company} label="Company" hint="optional" autoComplete="organization" />
          <TextField meta={fields.phone} label="Phone" type="tel" hint="optional, with country code" autoComplete="tel" />
        </div>
        <TextAreaField meta={fields.message} label="Message" />
        <Honeypot />
        {turnstileSiteKey ? <Turnstile siteKey={turnstileSiteKey} /> : null}
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Send message
        </button>
      </Form>
    </div>
  );
}
