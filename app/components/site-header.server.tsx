import type { ComponentProps } from "react";
import { PreviewBanner } from "./preview-banner";
import { SiteHeader } from "./site-header";
import { staticMarkup } from "./static-html.server";

/** Every page's header drawn here, for whoever is asking and the path they are on. */
export const siteHeaderMarkup = (props: ComponentProps<typeof SiteHeader>) => staticMarkup(<SiteHeader {...props} />);

/** The banner of a browser that sees drafts, drawn here with the page to come back to. */
export const previewBannerMarkup = (back: string) => staticMarkup(<PreviewBanner back={back} />);
