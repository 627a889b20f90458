import { paragraphsOf } from "~/lib/seo";
import type { RenderedPage } from "./content-page";
import type { ImageConfig } from "./portable-text";
import { portableTextHtml } from "./portable-text.server";

type CmsPage = { title: string; seoDescription?: string | null; body: unknown[] };

/** What a content page's loader answers: the document rendered, not the document (no renderer in the browser). */
export function renderContentPage({ page, images }: { page: CmsPage; images: ImageConfig }): { page: RenderedPage } {
  return {
    page: {
      title: page.title,
      description: page.seoDescription || paragraphsOf(page.body as Array<{ _type: string }>).join(" "),
      html: portableTextHtml(page.body, images),
    },
  };
}
