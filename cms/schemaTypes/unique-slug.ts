import type { SlugRule, SlugValue, ValidationContext } from "sanity";

async function isTaken(slug: SlugValue | undefined, context: ValidationContext) {
  const current = slug?.current;
  const document = context.document;
  if (!current || !document) return false;
  const published = document._id.replace(/^drafts\./, "");
  return context
    .getClient({ apiVersion: "2025-02-19" })
    .fetch<boolean>(`defined(*[_type == $type && !(_id in [$published, $draft]) && slug.current == $slug][0]._id)`, {
      type: document._type,
      published,
      draft: `drafts.${published}`,
      slug: current,
    });
}

/**
 * A slug must be unique among documents of its type (drafts of the same document
 * aside). Sanity's own check only warns; ours is an error, so a page cannot be
 * published over another one's URL.
 */
export const uniqueSlugRule = (rule: SlugRule) => [
  rule.required(),
  rule
    .custom(async (slug: SlugValue | undefined, context) =>
      (await isTaken(slug, context)) ? "Another document already uses this slug." : true,
    )
    .error(),
];
