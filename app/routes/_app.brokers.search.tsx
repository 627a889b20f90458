/** Brokers search the same market as buyers: one module, the section read from the URL. */
export { default, loader, action, meta } from "./_app.buyers.search/route";
