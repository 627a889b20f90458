// The Node build's stand-in for "#edge-entries": the Worker's cron, beacon and queue consumer
// (app/edge-entries.server.ts) have no use on Node, and would bring the Workers platform into its build.
export {};
