/** Merge fields in campaign subjects and bodies: `{{name}}`, filled in per recipient. */

export const MERGE_FIELDS = ["contactPerson", "customerName", "projectName", "teaserUrl"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/** Fields that need a project chosen for the campaign. */
export const PROJECT_FIELDS: readonly MergeField[] = ["projectName", "teaserUrl"];

// `{{secret:…}}` is the outbox's own placeholder; it is not a merge field and is refused too
const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/** The fields a text uses, in order of first use, known or not. */
export function fieldsIn(text: string) {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!))];
}

/**
 * Why the text cannot be sent as it is, or null: an unknown field is named, and so is
 * a project field when no project is chosen. Where no project can be chosen (the campaigns API
 * takes none) the project fields are not offered, and one used is told so: "Choose a project"
 * sent a client after a field it had no way to use.
 */
export function mergeFieldProblem(text: string, { hasProject, projectOffered = true }: { hasProject: boolean; projectOffered?: boolean }): string | null {
  const used = fieldsIn(text);
  const unknown = used.filter((name) => !isMergeField(name));
  const usable = projectOffered ? MERGE_FIELDS : MERGE_FIELDS.filter((f) => !PROJECT_FIELDS.includes(f));
  const listed = usable.map((f) => `{{${f}}}`).join(", ");
  if (unknown.length) {
    const names = unknown.map((n) => `{{${n}}}`).join(", ");
    return `Unknown merge field${unknown.length === 1 ? "" : "s"} ${names}: use ${listed}.`;
  }
  const needsProject = used.filter((name) => (PROJECT_FIELDS as readonly string[]).includes(name));
  if (!needsProject.length || hasProject) return null;
  const names = needsProject.map((n) => `{{${n}}}`).join(", ");
  return projectOffered ? `Choose a project to use ${names}.` : `${names} need${needsProject.length === 1 ? "s" : ""} a promoted project, and the campaigns API promotes none: use ${listed}.`;
}

/** The text with every known field filled in (check with mergeFieldProblem first). */
export function fillMergeFields(text: string, values: MergeValues) {
  return text.replace(FIELD, (whole, name: string) => (isMergeField(name) ? values[name] : whole));
}
