/** A broker's deal workspace: the buyers' page, the section read from the URL. */
export { default, loader, action, meta, shouldRevalidate, ErrorBoundary } from "./_app.buyers.myprojects.$id/route";
