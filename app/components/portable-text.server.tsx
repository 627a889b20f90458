import { PortableText, type ImageConfig } from "./portable-text";
import { staticMarkup } from "./static-html.server";

/**
 * CMS text rendered once, on the server, to the markup the component would give: the page ships
 * HTML instead of the Portable Text renderer (~6 KiB gzip) and keeps within the JavaScript budget.
 * React escapes every text and attribute as it does for any page, and links pass `safeHref`.
 */
export function portableTextHtml(value: unknown[], images: ImageConfig): string {
  return staticMarkup(<PortableText value={value} images={images} />).html;
}
