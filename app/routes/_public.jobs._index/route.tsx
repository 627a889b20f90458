import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { isPreview } from "~/.server/preview";
import { publicMeta } from "~/lib/seo";

export const meta: MetaFunction = (args) =>
  publicMeta(args, { path: "/jobs", title: "Jobs", description: "Open positions at the Secondary Marketplace, the market for private credit and illiquid assets." });

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await allowAnyone(args);
  const jobs = await services.content.openJobs({ preview: await isPreview(services, args.request) });
  return { jobs };
}

/** Open positions only; closed ones keep their page for old links but are not listed. */
export default function JobsPage() {
  const { jobs } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Jobs</h1>
      <p className="mb-8 text-slate-600">Help us build the marketplace for private credit and illiquid assets.</p>
      {jobs.length === 0 ? (
        <p className="card text-slate-600">There are no open positions right now. You are welcome to write to us.</p>
      ) : (
        <ul className="space-y-4" aria-label="Open positions">
          {jobs.map((job) => (
            <li key={job._id} className="card">
              <h2 className="text-lg font-semibold">
                <Link to={`/jobs/${job.slug}`} className="link">
                  {job.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {job.department} · {job.location} · {job.employmentType}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
