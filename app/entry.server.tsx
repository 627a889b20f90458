// The Node build renders with pipes, the Workers build with web streams: the
// "#render" import picks one by the "workerd" condition (package.json "imports").
// The Workers build also exports what worker/index.ts answers outside Remix ("#edge-entries"),
// so the Worker runs the one copy of the app that the Remix build holds (decision 036).
export { default } from "#render";
export * from "#render";
export * from "#edge-entries";
