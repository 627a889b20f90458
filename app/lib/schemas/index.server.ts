// What actions and loaders validate with: every schema and Conform's parser, behind a `.server`
// name so that the browser build leaves them out: an action-only import of a schema module would
// otherwise keep zod in the route's chunks (decision 030). Forms in the browser load their schema on demand.
export { parseWithZod } from "@conform-to/zod/v4";
export * from "./account";
export * from "./admin";
export * from "./affiliates";
export * from "./buyer-criteria";
export * from "./customer";
export * from "./deal";
export * from "./inbound";
export * from "./loan-pricing";
export * from "./marketing";
export * from "./matchmaking-bot";
export * from "./matchmaking";
export * from "./pricing-data";
export * from "./project-buyers";
export * from "./project";
export * from "./real-estate";
export * from "./saved-searches";
export * from "./subscription";
export * from "./seller-permissions";
export * from "./system-data";
export * from "./table";
export * from "./uploads";
export * from "./onboarding";
