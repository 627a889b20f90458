import { ProjectSummary } from "./project-facts";
import { staticMarkup } from "./static-html.server";

/** A listing's card drawn to markup here: its facts need no code in the browser. */
export const projectSummaryMarkup = (project: Parameters<typeof ProjectSummary>[0]["project"]) => staticMarkup(<ProjectSummary project={project} />);
