/** A broker's deals: the buyers' page, the section read from the URL. */
export { default, loader, meta, ErrorBoundary } from "./_app.buyers.myprojects.index_new/route";
