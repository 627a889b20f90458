/** Where the browser tests find the two servers and the stand-in e-mail provider. */
export const NODE_URL = "http://localhost:3111";
export const EDGE_URL = "http://127.0.0.1:8799";
export const MAIL_PROVIDER_URL = "http://127.0.0.1:3199";
