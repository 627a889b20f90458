import { getFormProps, useForm, type LazySchema } from "~/components/form-state";
import { Form } from "@remix-run/react";
import { FormErrors } from "../forms";
import { CountedTextAreaField } from "../counted-text-area";
import { formatDateTime } from "~/lib/format";
import type { ActionResult } from "~/lib/action-result";

type Message = { id: number; body: string; createdAt: string; senderId: number; senderName: string; senderCompany: string };

/** A negotiation thread, oldest first, with the reply form under it. */
export function ThreadView(props: Parameters<typeof ThreadBody>[0]) {
  // a fresh form once the message is in the thread: the text area empties with and without JavaScript
  return <ThreadBody key={props.messages.length} {...props} />;
}

function ThreadBody({
  messages,
  me,
  lastResult,
  action,
  schema,
  readOnly = false,
}: {
  messages: Message[];
  me: number;
  lastResult?: ActionResult;
  action?: string;
  /** What the page's action reads the message form with (it sends `intent=message` and `body`). */
  schema: LazySchema;
  /** A seller's colleague who may view the project but not negotiate reads the thread only. */
  readOnly?: boolean;
}) {
  const [form, fields] = useForm<{ body: string }, unknown>({
    id: "message",
    lastResult,
    schema,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label="Messages" data-testid="thread">
        {messages.length === 0 ? <li className="text-sm text-slate-500">No messages yet.</li> : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.senderId === me ? "ml-auto bg-primary-light" : "bg-slate-100"}`}
          >
            <p className="mb-1 text-xs text-slate-700">
              {m.senderName} ({m.senderCompany}) · {formatDateTime(m.createdAt)}
            </p>
            <p className="whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
      {readOnly ? null : <Form method="post" action={action} className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="message" />
        <FormErrors errors={form.errors} />
        <CountedTextAreaField meta={fields.body} label="Your message" rows={3} max={4000} />
        <button type="submit" className="btn-primary">
          Send message
        </button>
      </Form>}
    </div>
  );
}
