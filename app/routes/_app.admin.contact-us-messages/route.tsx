import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { contactHandledSchema } from "~/lib/schemas/admin";
import { listContactMessages, setContactMessageHandled } from "~/models/contact-messages.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";

export const meta = () => titleMeta("Contact messages");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  return json({ messages: await listContactMessages(services.db) });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: contactHandledSchema });
  if (submission.status !== "success") return invalid(submission);
  await setContactMessageHandled(services.db, submission.value.id, submission.value.handled === "true");
  return redirectWithNotification(services, args.request, "/admin/contact-us-messages", "Message updated.");
}

export default function ContactMessagesPage() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Contact messages" />
      <SimpleTable caption="Contact messages" count={messages.length} empty="No messages yet." headers={["Received", "From", "Company", "Message", ""]}>
        {messages.map((m) => (
          <tr key={m.id} className={m.handled ? "text-slate-500" : ""}>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(m.createdAt)}</td>
            <td className={cell}>
              {m.name}
              <br />
              <a className="link" href={`mailto:${m.email}`}>{m.email}</a>
              {m.phone ? <><br />{m.phone}</> : null}
            </td>
            <td className={cell}>{m.company || "—"}</td>
            <td className={`${cell} max-w-xl whitespace-pre-line`}>{m.message}</td>
            <td className={cell}>
              <Form method="post">
                <input type="hidden" name="id" value={m.id} />
                <button name="handled" value={m.handled ? "false" : "true"} className="btn-secondary px-2 py-1">
                  {m.handled ? "Reopen" : "Mark handled"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </SimpleTable>
    </>
  );
}
