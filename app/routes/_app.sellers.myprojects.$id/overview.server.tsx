import type { ComponentProps } from "react";
import { staticMarkup } from "~/components/static-html.server";
import { stateNameOf } from "~/models/criteria-vocabulary.server";
import { SellerOverview } from "./overview";

/** The top of the seller's project page drawn here to markup: it only shows, the state by its name as the listing form offers it. */
export const sellerOverviewMarkup = (props: ComponentProps<typeof SellerOverview>) => staticMarkup(<SellerOverview {...props} project={{ ...props.project, state: props.project.state && stateNameOf(props.project.state) }} />);
