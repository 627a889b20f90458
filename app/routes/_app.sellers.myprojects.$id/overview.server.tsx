import type { ComponentProps } from "react";
import { staticMarkup } from "~/components/static-html.server";
import { SellerOverview } from "./overview";

/** The top of the seller's project page drawn here to markup: it only shows. */
export const sellerOverviewMarkup = (props: ComponentProps<typeof SellerOverview>) => staticMarkup(<SellerOverview {...props} />);
