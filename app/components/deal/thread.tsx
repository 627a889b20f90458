import { getFormProps, useForm, type LazySchema } from "~/components/form-state";
import { Form, Link, useLocation } from "@remix-run/react";
import { FormErrors } from "../forms";
import { CountedTextAreaField } from "../counted-text-area";
import { formatDateTime } from "~/lib/format";
import type { ActionResult } from "~/lib/action-result";
import { hrefWith } from "~/lib/href-with";

type Message = { id: number; body: string; createdAt: string; senderId: number; senderName: string; senderCompany: string };

/**
 * A page of a negotiation thread, oldest first, with the reply form under it: its latest messages,
 * or those before `?before=` when the reader went to earlier ones.
 */
export function ThreadView(props: Parameters<typeof ThreadBody>[0]) {
  // a fresh form once the message is in the thread: the text area empties with and without JavaScript
  // (a full page keeps its length when a message comes in, so the page's newest message says so)
  return <ThreadBody key={props.messages.at(-1)?.id ?? 0} {...props} />;
}

/**
 * The links to the page before and back to the latest: they keep the page's other query parameters
 * and change only `before`, so paging works the same without JavaScript; `anchor` brings the reader
 * back to the thread on a page where it is one section of several.
 */
function ThreadPageLink({ before, anchor, children }: { before: number | null; anchor?: string; children: string }) {
  return (
    <Link to={hrefWith(useLocation(), { before: before || null }, anchor)} className="link text-sm" preventScrollReset>
      {children}
    </Link>
  );
}

function ThreadBody({
  messages,
  earlier = null,
  paged = false,
  anchor,
  me,
  submissionKey,
  lastResult,
  action,
  schema,
  readOnly = false,
}: {
  messages: Message[];
  /** The `before` of the page of earlier messages, null when this page starts the thread. */
  earlier?: number | null;
  /** Whether this is an earlier page, not the latest. */
  paged?: boolean;
  /** The id of the thread's section, where the links bring the reader back. */
  anchor?: string;
  me: number;
  /** The page's one-time key (decision 083): the same form sent twice stores one message. */
  submissionKey?: string;
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
      {earlier ? (
        <p className="text-center">
          <ThreadPageLink before={earlier} anchor={anchor}>
            Earlier messages
          </ThreadPageLink>
        </p>
      ) : null}
      <ol className="space-y-3" aria-label="Messages" data-testid="thread">
        {messages.length === 0 ? <li className="text-sm text-slate-500">{paged ? "No earlier messages." : "No messages yet."}</li> : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={`max-w-[85%] break-words rounded-lg px-3 py-2 text-sm ${m.senderId === me ? "ml-auto bg-primary-light" : "bg-slate-100"}`}
          >
            <p className="mb-1 text-xs text-slate-700">
              {m.senderName} ({m.senderCompany}) · {formatDateTime(m.createdAt)}
            </p>
            <p className="whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
      {paged ? (
        <p className="text-center">
          <ThreadPageLink before={null} anchor={anchor}>
            Latest messages
          </ThreadPageLink>
        </p>
      ) : null}
      {readOnly ? null : <Form method="post" action={action} className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="message" />
        {submissionKey ? <input type="hidden" name="key" value={submissionKey} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <CountedTextAreaField meta={fields.body} label="Your message" rows={3} max={4000} />
        <button type="submit" className="btn-primary">
          Send message
        </button>
      </Form>}
    </div>
  );
}
