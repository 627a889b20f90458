import { staticMarkup } from "~/components/static-html.server";
import { formatDate } from "~/lib/format";

function SoldNotice({ soldAt }: { soldAt: string }) {
  return (
    <section role="status" aria-label="Sold" className="card border-emerald-300 bg-emerald-50 text-sm text-emerald-900">
      <p className="font-semibold">Sold to you on {soldAt}.</p>
      <p>Your accepted offer closed the sale. This workspace stays open to you to read: the data room, your signed NDA, your offers with their letters, and the thread with the seller. It takes no new message or offer.</p>
    </section>
  );
}

/** The sale, as its buyer reads it at the top of the workspace: drawn on the server, none of it in the page's bundle. */
export const soldNoticeMarkup = (soldAt: Date) => staticMarkup(<SoldNotice soldAt={formatDate(soldAt)} />);
