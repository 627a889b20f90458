import type { ComponentProps } from "react";
import { staticMarkup } from "~/components/static-html.server";
import { AdminOverview } from "./overview";

/** The top of the admin's project page drawn here to markup: it only shows. */
export const adminOverviewMarkup = (props: ComponentProps<typeof AdminOverview>) => staticMarkup(<AdminOverview {...props} />);
