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
 * a project field when no project is chosen.
 */
export function mergeFieldProblem(text: string, { hasProject }: { hasProject: boolean }): string | null {
  const used = fieldsIn(text);
  const unknown = used.filter((name) => !isMergeField(name));
  if (unknown.length) {
    const names = unknown.map((n) => `{{${n}}}`).join(", ");
    return `Unknown merge field${unknown.length === 1 ? "" : "s"} ${names}: use ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(", ")}.`;
  }
  const needsProject = used.filter((name) => (PROJECT_FIELDS as readonly string[]).includes(name));
  if (needsProject.length && !hasProject) return `Choose a project to use ${needsProject.map((n) => `{{${n}}}`).join(", ")}.`;
  return null;
}

/** The text with every known field filled in (check with mergeFieldProblem first). */
export function fillMergeFields(text: string, values: MergeValues) {
  return text.replace(FIELD, (whole, name: string) => (isMergeField(name) ? values[name] : whole));
}
