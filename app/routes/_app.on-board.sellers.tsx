/** Sellers' on-boarding is the buyers' conversation with the seller's questions: one module, the side read from the URL. */
export { default, loader, action, meta } from "./_app.on-board.buyers/route";
