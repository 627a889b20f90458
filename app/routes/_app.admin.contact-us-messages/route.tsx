import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound } from "~/.server/http";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { InboundList } from "~/components/inbound-list";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { inboundAdminSchema } from "~/lib/schemas/inbound";
import { applyInboundIntent, inboundListPage } from "~/models/inbound.server";

const KIND = "contact";
export const meta = () => titleMeta("Contact messages");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  return json(await inboundListPage(services.db, { kind: KIND, url: new URL(args.request.url) }));
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: inboundAdminSchema });
  if (submission.status !== "success") return invalid(submission);
  const done = await applyInboundIntent(services, { admin: user, kind: KIND, change: submission.value, address: clientAddress(args.request) });
  if (!done) throw notFound();
  if ("error" in done) return refuse(submission, done.error, 400);
  const url = new URL(args.request.url);
  return redirectWithNotification(services, args.request, url.pathname + url.search, done.message);
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <>
      <PageHeader title="Contact messages" />
      <InboundList data={data} result={result} caption="Contact messages" />
    </>
  );
}
