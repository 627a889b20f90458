import { getFormProps, useForm } from "~/components/form-state";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { checkPublicForm } from "~/auth/public-forms.server";
import { redirectWithNotification } from "~/auth/session.server";
import { turnstileEnabled } from "~/.server/turnstile";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { ContentPage, contentPageMeta } from "~/components/content-page";
import { renderContentPage } from "~/components/content-page.server";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { Turnstile } from "~/components/turnstile";
import { affiliateSchema } from "~/lib/schemas/index.server";
import { contentPageData } from "~/models/content-pages.server";
import { receiveInbound } from "~/models/inbound.server";
import { parseWithZod } from "~/lib/schemas/index.server";
import { partnerReferralsPage, partnerStatementOf } from "~/models/affiliates.server";
import { siteOrigin } from "~/.server/mailer";
import { referralLink } from "~/lib/affiliates";
import { pageNumber } from "~/lib/query-params";
import { PartnerStatement } from "./partner-statement";

export const meta = contentPageMeta("/broker-affiliate");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  // an approved partner finds their code, their link and what it brought here, where they applied
  const partner = user ? await partnerStatementOf(services.db, user) : null;
  const referred = partner ? await partnerReferralsPage(services.db, { affiliateId: partner.id, page: pageNumber(new URL(args.request.url).searchParams.get("page"), 10_000) }) : null;
  return {
    ...renderContentPage(await contentPageData(services, args.request, "broker-affiliate")),
    partner: partner && referred ? { ...partner, link: referralLink(siteOrigin(services), partner.code), referred } : null,
    turnstileSiteKey: turnstileEnabled(services.env) ? services.env.TURNSTILE_SITE_KEY! : null,
    defaults: (user ? { name: user.name, email: user.email, company: user.company, phone: user.phone } : {}) as Partial<Record<"name" | "email" | "company" | "phone" | "companyWebsite" | "message", string>>,
  };
}

/** The broker affiliate application: kept as an affiliate inquiry (and a potential customer), the admins told. */
export async function action(args: ActionFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: affiliateSchema() });
  if (submission.status !== "success") return invalid(submission);
  const thanks = () =>
    redirectWithNotification(services, args.request, "/broker-affiliate", "Thank you for applying. Our team will contact you shortly.");
  const check = await checkPublicForm(services, args.request, formData, "affiliate");
  if (!check.ok) {
    if ("bot" in check) return thanks();
    return refuse(submission, check.message, check.status);
  }
  await receiveInbound(services, { kind: "affiliate", ...submission.value, userId: user?.id ?? null });
  return thanks();
}

export default function BrokerAffiliatePage() {
  const { page, turnstileSiteKey, defaults, partner } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentPage page={page} />
      {partner ? <PartnerStatement partner={partner} /> : <AffiliateApplication turnstileSiteKey={turnstileSiteKey} defaults={defaults} />}
    </>
  );
}

/** The application, for anyone not yet a partner. */
function AffiliateApplication({ turnstileSiteKey, defaults }: { turnstileSiteKey: string | null; defaults: Partial<Record<string, string>> }) {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const location = useLocation();
  const [form, fields] = useForm({
    id: "affiliate",
    lastResult,
    defaultValue: defaults,
    schema: () => import("~/lib/schemas/inbound").then((m) => m.affiliateSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
      <section className="mx-auto max-w-3xl px-4 pb-12" aria-labelledby="apply-heading">
        <h2 id="apply-heading" className="mb-4 text-2xl font-bold">
          Apply to become an affiliate
        </h2>
        {/* drawn anew after an application is sent (the thanks redirect here, with no action data): with JavaScript the page
            stays, and every field stayed filled, inviting the same application again; without it the page is new and empty */}
        <Form method="post" className="card space-y-4" {...getFormProps(form)} key={lastResult ? "answered" : location.key}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.name} label="Name" autoComplete="name" />
            <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" />
            <TextField meta={fields.company} label="Company" autoComplete="organization" />
            <TextField meta={fields.phone} label="Phone" type="tel" hint="optional, with country code" autoComplete="tel" />
            <TextField meta={fields.companyWebsite} label="Company website" hint="optional" autoComplete="url" />
          </div>
          <TextAreaField meta={fields.message} label="Message" />
          <Honeypot />
          {turnstileSiteKey ? <Turnstile siteKey={turnstileSiteKey} /> : null}
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            Apply
          </button>
        </Form>
      </section>
  );
}
