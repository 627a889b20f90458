import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { notFound } from "~/.server/http";
import { imageConfig, isPreview } from "~/.server/preview";
import { portableTextHtml } from "~/components/portable-text.server";
import { errorMeta, errorPageHeaders, GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/lib/meta";
import { jobPostingLd, ldJson, paragraphsOf, publicMeta } from "~/lib/seo";
import { safeHref } from "~/lib/safe-href";

/** Its 503 (Sanity unreachable) keeps its Retry-After: the page is its own boundary. */
export const headers = errorPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  if (args.error) return errorMeta(args.error);
  const job = args.data?.job;
  if (!job) return [{ title: pageTitle("Job not found") }];
  const tags = publicMeta(args, { path: `/jobs/${encodeURIComponent(job.slug)}`, title: job.title, description: job.seoDescription || paragraphsOf(job.description).join(" "), type: "article" });
  // a closed position's page stays for old links, as the sitemap and the job list leave it out
  return job.status === "closed" ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  const job = await services.content.job(args.params.slug ?? "", { preview: await isPreview(services, args.request) });
  if (!job) throw notFound();
  return { job, descriptionHtml: portableTextHtml(job.description, imageConfig(services)), origin: services.env.APP_URL };
}

function applyHref(howToApply: string) {
  return howToApply.includes("@") && !howToApply.includes("://") ? safeHref(`mailto:${howToApply}`) : safeHref(howToApply);
}

export default function JobPage() {
  const { job, descriptionHtml, origin } = useLoaderData<typeof loader>();
  const href = applyHref(job.howToApply);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      {/* for search engines' job listings; a closed position is no longer offered to them */}
      {job.status === "open" ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(jobPostingLd(job, origin)) }} /> : null}
      <Link to="/jobs" className="link text-sm">
        ← All jobs
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{job.title}</h1>
      <p className="mb-6 mt-1 text-slate-600">
        {job.department} · {job.location} · {job.employmentType}
      </p>
      {job.status === "closed" ? (
        <p role="status" className="mb-6 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This position is closed.
        </p>
      ) : null}
      {/* the description as React rendered it on the server (portable-text.server.tsx) */}
      <div dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
      {job.status === "open" && href ? (
        <p className="mt-8">
          <a href={href} className="btn-primary">
            Apply: {job.howToApply}
          </a>
        </p>
      ) : null}
    </article>
  );
}

/**
 * A posting taken down or filled and removed leaves its old links behind (search results, job
 * boards, e-mails): the 404 there leads to the open positions rather than the home page.
 */
export function ErrorBoundary() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16">
      <GeneralErrorBoundary back={{ to: "/jobs", label: "See the open positions" }} />
    </div>
  );
}
