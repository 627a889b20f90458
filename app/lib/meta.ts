export const SITE_NAME = "Secondary Marketplace";

/** Every page's title follows "%s - Secondary Marketplace". */
export function pageTitle(page: string) {
  return `${page} - ${SITE_NAME}`;
}

export function titleMeta(page: string) {
  return [{ title: pageTitle(page) }];
}
