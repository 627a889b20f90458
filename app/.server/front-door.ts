import { bodyLimitFor, BODY_TOO_LARGE_MESSAGE, dropBody } from "./body";
import { CLIENT_ADDRESS_HEADER, CROSS_SITE_MESSAGE, isSameOriginRequest } from "./http";
import { applySecurityHeaders } from "./security-headers";

/**
 * What each server does before Remix sees a request: the Worker imports this module,
 * the Node server (server/index.mjs, plain JavaScript) reaches it through the build's
 * entry module. One set of rules, two front doors.
 */
export const frontDoor = {
  bodyLimitFor,
  BODY_TOO_LARGE_MESSAGE,
  dropBody,
  CLIENT_ADDRESS_HEADER,
  CROSS_SITE_MESSAGE,
  isSameOriginRequest,
  applySecurityHeaders,
};
export type FrontDoor = typeof frontDoor;
