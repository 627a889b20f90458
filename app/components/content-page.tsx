import type { MetaFunction } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
import { publicMeta } from "~/lib/seo";

/** A CMS page as the server prepared it (content-page.server.ts): its title, description and text as HTML. */
export type RenderedPage = { title: string; description: string; html: string };

export function ContentPage({ page }: { page: RenderedPage }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
      {/* markup React rendered on the server from the CMS document (portable-text.server.tsx) */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

/** Title and SEO description from the CMS document (its first paragraphs when it has none), canonical at `path`. */
export const contentPageMeta =
  (path: string): MetaFunction =>
  (args) => {
    const page = (args.data as { page?: RenderedPage } | undefined)?.page;
    if (!page) return [{ title: pageTitle("Page not found") }];
    return publicMeta(args, { path, title: page.title, description: page.description });
  };
