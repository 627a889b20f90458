import { apiError } from "~/auth/api.server";
import { NOT_FOUND_MESSAGE } from "~/.server/http";

/**
 * A path under /api/ that no endpoint answers: an API client is told so in JSON, as every endpoint
 * answers its own 404, where it was sent the HTML page of a missing page. Any method, nothing read.
 */
const notAnEndpoint = () => apiError(null, 404, NOT_FOUND_MESSAGE);
export const loader = notAnEndpoint;
export const action = notAnEndpoint;
