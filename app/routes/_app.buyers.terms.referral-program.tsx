import { useLoaderData } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { siteOrigin } from "~/.server/mailer";
import { contentPageData } from "~/models/content-pages.server";
import { memberReferralCode, memberReferrals } from "~/models/affiliates.server";
import { ContentPage, contentPageMeta } from "~/components/content-page";
import { renderContentPage } from "~/components/content-page.server";
import { formatDateTime } from "~/components/data-table";
import { referralLink } from "~/lib/affiliates";
import { pageNumber } from "~/lib/query-params";
import { Pager } from "~/components/pager";

export const meta = contentPageMeta("/buyers/terms/referral-program");

export async function loader(args: LoaderFunctionArgs) {
  // a broker brings members too: the spec lists the programme with the buyers' and brokers' pages
  const { services, user } = await requireUser(args, { role: ["buyer", "broker"] });
  const [content, code, referred] = await Promise.all([
    contentPageData(services, args.request, "referral-program"),
    memberReferralCode(services.env.SESSION_SECRET, user.id),
    memberReferrals(services.db, { userId: user.id, page: pageNumber(new URL(args.request.url).searchParams.get("page")) }),
  ]);
  const { rows, ...paging } = referred;
  return { ...renderContentPage(content), link: referralLink(siteOrigin(services), code), referred: rows, paging };
}

/** The programme's terms (CMS), the buyer's or broker's own link, and who joined through it. */
export default function ReferralProgramPage() {
  const { link, referred, paging, ...content } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentPage {...content} />
      <section className="mx-auto max-w-3xl px-4 pb-12" aria-labelledby="your-link">
        <h2 id="your-link" className="mb-2 text-xl font-semibold">Your referral link</h2>
        <p className="mb-6 text-sm">
          Share it: members who join through it are credited to you. <code className="break-all rounded bg-slate-100 px-2 py-1" data-testid="referral-link">{link}</code>
        </p>
        <h2 className="mb-2 text-xl font-semibold">Members you referred</h2>
        {referred.length ? (
          <>
            <ul className="divide-y divide-slate-100 text-sm">
              {referred.map((r, i) => (
                <li key={i} className="flex justify-between py-2">
                  <span>{r.name}</span>
                  <span className="text-slate-500">joined {formatDateTime(r.joinedAt)}</span>
                </li>
              ))}
            </ul>
            {paging.total > paging.pageSize ? <Pager {...paging} noun="members" label="Referred member pages" /> : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">Nobody has joined through your link yet.</p>
        )}
      </section>
    </>
  );
}
