import type { Services } from "./services";

/** Whether this browser has turned draft preview on (an admin, or the studio's preview link). */
export async function isPreview(services: Services, request: Request) {
  const session = await services.sessionStorage.getSession(request.headers.get("Cookie"));
  return session.get("preview") === true;
}

export async function previewCookie(services: Services, request: Request, on: boolean) {
  const session = await services.sessionStorage.getSession(request.headers.get("Cookie"));
  if (on) session.set("preview", true);
  else session.unset("preview");
  return services.sessionStorage.commitSession(session);
}

/** What the image renderer needs to build Sanity CDN URLs; null with the local dataset. */
export function imageConfig(services: Services) {
  const { SANITY_PROJECT_ID, SANITY_DATASET } = services.env;
  return SANITY_PROJECT_ID && SANITY_DATASET ? { projectId: SANITY_PROJECT_ID, dataset: SANITY_DATASET } : null;
}
