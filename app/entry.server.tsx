// The Node build renders with pipes, the Workers build with web streams: the
// "#render" import picks one by the "workerd" condition (package.json "imports").
export { default, handleDataRequest, handleError } from "#render";
