export { default } from "./document";
export { handleDataRequest, handleError } from "./shared";
