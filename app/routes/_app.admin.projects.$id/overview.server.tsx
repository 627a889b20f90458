import type { ComponentProps } from "react";
import { staticMarkup } from "~/components/static-html.server";
import { stateNameOf } from "~/models/criteria-vocabulary.server";
import { AdminOverview } from "./overview";

/** The top of the admin's project page drawn here to markup: it only shows, the state by its name as the listing form offers it. */
export const adminOverviewMarkup = (props: ComponentProps<typeof AdminOverview>) => staticMarkup(<AdminOverview {...props} project={{ ...props.project, state: props.project.state && stateNameOf(props.project.state) }} />);
