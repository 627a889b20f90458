import { notFound } from "~/.server/http";
import { imageConfig, isPreview } from "~/.server/preview";
import type { Services } from "~/.server/services";

/** A CMS page by slug and the image settings its renderer needs; 404 when there is none. */
export async function contentPageData(services: Services, request: Request, slug: string) {
  const preview = await isPreview(services, request);
  const page = await services.content.page(slug, { preview });
  if (!page) throw notFound();
  return { page, images: imageConfig(services) };
}
