/** A broker signs an NDA on the buyers' page, the section read from the URL. */
export { default, loader, action, meta, ErrorBoundary } from "./_app.buyers.myprojects.$id_.$envelopeId/route";
