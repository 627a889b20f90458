import { Form, Link, useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { Pager } from "~/components/pager";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { ONBOARD_PAGE_SIZE, ONBOARD_SIDES, ONBOARD_SIDE_LABELS, ONBOARD_STATUSES, ONBOARD_STATUS_LABELS, type OnboardSide, type OnboardStatus, type TranscriptEntry } from "~/lib/onboard-chats";
import { latestTurns, stepsFor } from "~/lib/onboarding";
import { CHAT_SORTS, findChatById, listChats, type ChatSort } from "~/models/onboard-chats.server";
import { pageNumber, recordId } from "~/lib/query-params";
import { keepWithinPages } from "~/models/list-query.server";

export const meta = () => titleMeta("On-boarding chats");

const pick = <T extends string>(values: readonly T[], wanted: string | null) => ((values as readonly string[]).includes(wanted ?? "") ? (wanted as T) : null);

/** Filters, sort and page in the URL (GET forms and links work without JavaScript); `?chat=` opens one transcript. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const params = new URL(args.request.url).searchParams;
  const status = pick<OnboardStatus>(ONBOARD_STATUSES, params.get("status"));
  const side = pick<OnboardSide>(ONBOARD_SIDES, params.get("side"));
  const sort = pick<ChatSort>(Object.keys(CHAT_SORTS) as ChatSort[], params.get("sort")) ?? "updated";
  const desc = params.get("desc") !== "0";
  const page = pageNumber(params.get("page"), 10_000);
  const chatId = recordId(params.get("chat"));
  const turnsPage = pageNumber(params.get("turns"), 10_000);
  const [{ rows, total }, open] = await Promise.all([
    listChats(services.db, { status, side, sort, desc, page }),
    chatId ? findChatById(services.db, { chatId }) : Promise.resolve(null),
  ]);
  keepWithinPages(args.request, { page, pageSize: ONBOARD_PAGE_SIZE, total });
  const summary = (row: (typeof rows)[number]) => ({
    id: row.chat.id,
    memberName: row.memberName,
    memberEmail: row.memberEmail,
    customerId: row.chat.customerId,
    customerName: row.customerName,
    side: row.chat.side,
    status: row.chat.status,
    answered: row.chat.answered,
    steps: stepsFor(row.chat.side).length,
    lastAnswerAt: row.chat.lastAnswerAt,
  });
  return {
    rows: rows.map(summary),
    total,
    page,
    pageSize: ONBOARD_PAGE_SIZE,
    filters: { status, side, sort, desc: desc ? null : "0" },
    open: open ? { ...summary(open), ...transcriptShown(open.chat, turnsPage) } : null,
  };
}

/** How many turns of a transcript the admin's view shows at a time. */
const TURNS_SHOWN = 50;

/**
 * A transcript as the admin reads it: the member's current answers, question by question, then a page of every
 * turn, newest page first (`turns`, from 1). Each re-answer was a turn until decision 120 (a member going Back and
 * answering again 500 times sent the page all 500 turns, 152 KB); migration 0100 cut those, and the pages stay for safety.
 */
function transcriptShown(chat: { side: OnboardSide; transcript: TranscriptEntry[] }, wanted: number) {
  const latest = latestTurns(chat.transcript);
  const answers = stepsFor(chat.side).flatMap((s) => latest.get(s.key) ?? []);
  const turnCount = chat.transcript.length;
  const pages = Math.max(1, Math.ceil(turnCount / TURNS_SHOWN));
  const turnsPage = Math.min(wanted, pages);
  const end = turnCount - (turnsPage - 1) * TURNS_SHOWN;
  return { answers, transcript: chat.transcript.slice(Math.max(0, end - TURNS_SHOWN), end), turnCount, turnsPage, turnsPages: pages };
}

export default function OnboardChatsPage() {
  const { rows, total, page, pageSize, filters, open } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams(Object.entries({ ...filters, page: page > 1 ? String(page) : null }).filter((e): e is [string, string] => Boolean(e[1])));
    for (const [k, v] of Object.entries(extra)) search.set(k, v);
    return `?${search}`;
  };
  return (
    <>
      <PageHeader title="On-boarding chats" />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        {(
          [
            ["status", "Status", ONBOARD_STATUSES.map((v) => [v, ONBOARD_STATUS_LABELS[v]])],
            ["side", "Side", ONBOARD_SIDES.map((v) => [v, ONBOARD_SIDE_LABELS[v]])],
          ] as const
        ).map(([name, label, choices]) => (
          <div key={name}>
            <label htmlFor={`chat-${name}`} className="label">
              {label}
            </label>
            <select id={`chat-${name}`} name={name} defaultValue={filters[name] ?? ""} className="input">
              <option value="">Any</option>
              {choices.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="chat-sort" className="label">
            Sort by
          </label>
          <select id="chat-sort" name="sort" defaultValue={filters.sort} className="input">
            <option value="updated">Last answer</option>
            <option value="created">Started</option>
          </select>
        </div>
        <div>
          <label htmlFor="chat-desc" className="label">
            Order
          </label>
          <select id="chat-desc" name="desc" defaultValue={filters.desc ?? "1"} className="input">
            <option value="1">Newest first</option>
            <option value="0">Oldest first</option>
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      <SimpleTable caption="On-boarding chats" count={rows.length} empty={filters.status || filters.side ? "No chats match these filters: change or clear them." : "No on-boarding chats yet: a chat starts when a member begins on-boarding."} headers={["Member", "Customer", "Side", "Status", "Steps answered", "Last answer", ""]}>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`chat-${r.memberEmail}`}>
            <td>
              {r.memberName}
              <span className="block text-xs text-slate-500">{r.memberEmail}</span>
            </td>
            <td>
              {r.customerId ? (
                <Link to={`/admin/customers/${r.customerId}`} className="link">
                  {r.customerName}
                </Link>
              ) : (
                <span className="text-slate-500">Not linked</span>
              )}
            </td>
            <td>{ONBOARD_SIDE_LABELS[r.side]}</td>
            <td>{ONBOARD_STATUS_LABELS[r.status]}</td>
            <td>
              {r.answered} of {r.steps}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.lastAnswerAt)}</td>
            <td>
              <Link to={query({ chat: String(r.id) })} className="link">
                Transcript
              </Link>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Pager page={page} pageSize={pageSize} total={total} noun="chats" />
      {open ? <Transcript chat={open} turnsLink={(turns) => query({ chat: String(open.id), turns: String(turns) })} /> : null}
    </>
  );
}

type Open = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["open"]>;

function Transcript({ chat, turnsLink }: { chat: Open; turnsLink: (page: number) => string }) {
  const turn = (t: Open["transcript"][number]) => (
    <>
      <span className="text-slate-500">{formatDateTime(t.at)}</span> — <strong>{t.question}</strong>
      <br />
      <span className={t.skipped ? "italic text-slate-500" : ""}>{t.answer}</span>
    </>
  );
  return (
    <section className="card mt-6" aria-labelledby="transcript-heading" data-testid="transcript">
      <h2 id="transcript-heading" className="mb-1 text-lg font-semibold">
        Transcript: {chat.memberName}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {ONBOARD_SIDE_LABELS[chat.side]} · {ONBOARD_STATUS_LABELS[chat.status]} · {chat.answered} of {chat.steps} answered
      </p>
      {chat.turnCount ? (
        <>
          <h3 className="mb-2 font-semibold">Current answers</h3>
          <ol className="mb-4 space-y-2 text-sm" data-testid="current-answers">
            {chat.answers.map((t) => (
              <li key={t.step}>{turn(t)}</li>
            ))}
          </ol>
          <h3 className="mb-2 font-semibold">
            Every turn ({chat.turnCount}){chat.turnsPages > 1 ? `, page ${chat.turnsPage} of ${chat.turnsPages} (page 1 the latest)` : ""}
          </h3>
          <ol className="space-y-2 text-sm" data-testid="transcript-turns">
            {chat.transcript.map((t, i) => (
              <li key={i}>{turn(t)}</li>
            ))}
          </ol>
          {chat.turnsPages > 1 ? (
            <p className="mt-3 flex gap-3 text-sm">
              {chat.turnsPage > 1 ? (
                <Link to={turnsLink(chat.turnsPage - 1)} className="link" rel="prev">
                  Newer turns
                </Link>
              ) : null}
              {chat.turnsPage < chat.turnsPages ? (
                <Link to={turnsLink(chat.turnsPage + 1)} className="link" rel="next">
                  Earlier turns
                </Link>
              ) : null}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-500">No answers yet.</p>
      )}
    </section>
  );
}
