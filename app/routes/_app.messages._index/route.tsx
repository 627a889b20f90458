import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { PageHeader } from "~/components/page-header";
import { formatDateTime } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { listThreads } from "~/models/negotiations.server";
import { sellerReachKindOf } from "~/models/seller-permissions.server";
import { listMemberInquiries } from "~/models/inbound.server";
import { markNotificationsRead, notificationsPage, openNotification, unreadNotificationCount } from "~/models/notifications.server";
import { notFound } from "~/.server/http";
import { inboxCountsLoadedWith } from "~/models/sessions.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";
import { parseWithZod, markReadSchema } from "~/lib/schemas/index.server";
import { pageNumber } from "~/lib/query-params";
import { hrefWith } from "~/lib/href-with";

export const meta = () => titleMeta("Messages");

/** The inbox: notifications, every negotiation thread the member may read, and the member's questions to our team with the answers. */
export async function loader(args: LoaderFunctionArgs) {
  const { services, user, role } = await requireUser(args, { role: "member" });
  const query = new URL(args.request.url).searchParams;
  const page = pageNumber(query.get("page"));
  // a member who buys and sells acts as a buyer, yet their listings' threads are theirs too: the seller's
  // inbox holds the threads where they are the buyer as well
  const inboxRole = role !== "admin" && user.roles.includes("ROLE_SELLER") ? "seller" : role;
  // the notifications are paged on a parameter of their own, the threads' page kept beside it (decision 074)
  const [notices, unread, { threads, older, page: at }, questions] = await Promise.all([
    notificationsPage(services.db, user.id, pageNumber(query.get("notices"))),
    // the session's read usually brought it (the header shows it too): asked again only when it did not
    inboxCountsLoadedWith(user)?.unreadNotices ?? unreadNotificationCount(services.db, user.id),
    // a seller's inbox holds the threads of the team's projects they may read, too
    inboxRole === "seller" ? sellerReachKindOf(services.db, user).then((reach) => listThreads(services.db, user, inboxRole, { reach, page })) : listThreads(services.db, user, inboxRole, { page }),
    listMemberInquiries(services.db, { userId: user.id }),
  ]);
  // the side is named only to a member who holds both
  const bothSides = user.roles.includes("ROLE_SELLER") && (user.roles.includes("ROLE_BUYER") || user.roles.includes("ROLE_BROKER"));
  const labelled = threads.map((t) => ({ ...t, side: bothSides ? (t.buyerId === user.id ? "buying" : "selling") : null }));
  return {
    notifications: notices.rows,
    noticePages: { page: notices.page, older: notices.older },
    unread,
    threads: labelled,
    threadPages: { page: at, older },
    questions,
    me: user.id,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "member" });
  const submission = parseWithZod(await readForm(args.request), { schema: markReadSchema() });
  if (submission.status !== "success") return invalid(submission);
  if (submission.value.intent === "open-notice") {
    // a notification's link is a path of ours, written with it
    const link = await openNotification(services.db, { userId: user.id, id: submission.value.id });
    if (!link) throw notFound();
    return redirect(link);
  }
  await markNotificationsRead(services.db, user.id);
  return redirectWithNotification(services, args.request, "/messages", "All notifications are marked as read.");
}

export default function MessagesPage() {
  const { notifications, noticePages, unread, threads, threadPages, questions } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-6xl gap-8 lg:grid-cols-2">
      <section aria-label="Notifications">
        <PageHeader title="Messages">
          {unread ? (
            <Form method="post">
              <button type="submit" name="intent" value="mark-read" className="btn-secondary">
                Mark all as read
              </button>
            </Form>
          ) : null}
        </PageHeader>
        <h2 className="mb-2 font-semibold">Notifications {unread ? <span className="text-sm text-primary">({unread} new)</span> : null}</h2>
        {notifications.length === 0 ? <p className="text-sm text-slate-500">{noticePages.page > 1 ? "No older notifications." : "Nothing yet."}</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="notifications">
          {notifications.map((n) => (
            <li key={n.id} className={`px-3 py-2 ${n.readAt ? "" : "bg-primary-light font-medium"}`}>
              {n.readAt ? (
                <Link to={n.link} className="hover:underline">
                  {n.message}
                </Link>
              ) : (
                // an unread one is opened through the inbox, which marks it read (a GET writes nothing): it stayed
                // "new" after it was read, and counted in the header, until "Mark all as read"
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" name="intent" value="open-notice" className="text-left hover:underline">
                    {n.message}
                  </button>
                </Form>
              )}
              {/* slate-600: slate-500 is too faint on an unread notification's tint */}
              <span className="block text-xs font-normal text-slate-600">{formatDateTime(n.createdAt)}</span>
            </li>
          ))}
        </ul>
        <NewerOlder pages={noticePages} param="notices" label="Notification pages" what="notifications" />
      </section>
      <section aria-label="Negotiations" className="lg:pt-14">
        <h2 className="mb-2 font-semibold">Negotiations</h2>
        {threads.length === 0 ? <p className="text-sm text-slate-500">{threadPages.page > 1 ? "No older conversations." : "No conversations yet."}</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="threads">
          {threads.map((t) => (
            <li key={`${t.projectId}-${t.buyerId}`} className="flex items-center justify-between gap-3 px-3 py-2">
              <Link to={`/messages/${t.projectId}/${t.buyerId}`} className="link">
                {t.projectName} · {t.buyerName} ({t.buyerCompany})
              </Link>
              <span className="shrink-0 text-xs text-slate-500">
                {t.side ? <span className="mr-1 rounded bg-slate-100 px-1.5 text-slate-700" data-testid="thread-side">{t.side === "buying" ? "Buying" : "Selling"}</span> : null}
                {t.unread ? <strong className="mr-1 rounded bg-primary px-1.5 text-white" data-testid="thread-unread">{t.unread}</strong> : null}
                {formatDateTime(t.lastAt)}
              </span>
            </li>
          ))}
        </ul>
        <NewerOlder pages={threadPages} param="page" label="Conversation pages" what="conversations" />
        {questions.length ? (
          <>
            <h2 className="mb-2 mt-8 font-semibold">Your questions to our team</h2>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="questions">
              {questions.map((q) => (
                <li key={q.id} className="space-y-1 px-3 py-2">
                  <p className="text-xs text-slate-500">
                    {formatDateTime(q.createdAt)}
                    {q.projectId ? (
                      <>
                        {" · "}
                        <Link to={`/projects/more-details/${q.projectId}`} className="link">
                          {q.projectName || `Project ${q.projectId}`}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <p className="whitespace-pre-line break-words">{q.message}</p>
                  {q.answer ? (
                    <p className="whitespace-pre-line border-l-2 border-primary pl-2" data-testid="question-answer">
                      <span className="font-medium">Our answer: </span>
                      {q.answer}
                    </p>
                  ) : (
                    <p className="text-slate-500">Not answered yet.</p>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}

/** Newer and older pages of one of the inbox's lists, on its own query parameter, the other list's page kept. */
function NewerOlder({ pages, param, label, what }: { pages: { page: number; older: boolean }; param: "notices" | "page"; label: string; what: string }) {
  const location = useLocation();
  if (pages.page === 1 && !pages.older) return null;
  return (
    <nav aria-label={label} className="mt-2 flex justify-between text-sm">
      {pages.page > 1 ? (
        <Link to={hrefWith(location, { [param]: pages.page === 2 ? null : pages.page - 1 })} className="link" rel="prev">
          Newer {what}
        </Link>
      ) : (
        <span />
      )}
      {pages.older ? (
        <Link to={hrefWith(location, { [param]: pages.page + 1 })} className="link" rel="next">
          Older {what}
        </Link>
      ) : null}
    </nav>
  );
}
