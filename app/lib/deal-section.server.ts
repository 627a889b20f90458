/*
 * Buyers' pages have brokers' twins: the same module answers /buyers/... and /brokers/... (the broker
 * file re-exports the buyer route), and the URL says which. Loaders and actions ask; a .server module,
 * so that a page's browser code does not import lib/deal for it.
 */
export type DealSection = "buyers" | "brokers";

export function dealSectionOf(request: Request): DealSection {
  return new URL(request.url).pathname.startsWith("/brokers/") ? "brokers" : "buyers";
}
