import type { MetaFunction } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
import { paragraphsOf, publicMeta } from "~/lib/seo";
import { PortableText, type ImageConfig } from "./portable-text";

type PageData = { page: { title: string; seoDescription?: string | null; body: unknown[] }; images: ImageConfig };

export function ContentPage({ page, images }: PageData) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
      <PortableText value={page.body} images={images} />
    </article>
  );
}

/** Title and SEO description from the CMS document (its first paragraphs when it has none). */
export const contentPageMeta: MetaFunction = (args) => {
  const page = (args.data as PageData | undefined)?.page;
  if (!page) return [{ title: pageTitle("Page not found") }];
  return publicMeta(args, { title: page.title, description: page.seoDescription || paragraphsOf(page.body as Array<{ _type: string }>).join(" ") });
};
