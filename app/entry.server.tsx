// The Node build renders with pipes, the Workers build with web streams: the
// "#render" import picks one by the "workerd" condition (package.json "imports").
// The Workers variant also exports `scheduled`, which worker/index.ts reads from the build.
export { default } from "#render";
export * from "#render";
