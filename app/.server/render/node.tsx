export { default } from "./document";
export { handleDataRequest, handleError } from "./shared";
/** For server/index.mjs, which runs before Remix. */
export { frontDoor } from "../front-door";
