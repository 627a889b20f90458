import type { MetaFunction } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
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

/** Title and SEO description from the CMS document. */
export const contentPageMeta: MetaFunction = ({ data }) => {
  const page = (data as PageData | undefined)?.page;
  if (!page) return [{ title: pageTitle("Page not found") }];
  return [
    { title: pageTitle(page.title) },
    ...(page.seoDescription ? [{ name: "description", content: page.seoDescription }] : []),
  ];
};
