import { useRefreshWhile } from "~/components/refresh-while";
import { formatNumber } from "~/lib/format";

/** Where scoring every match again stands (new weights, a published upload): it runs in the background, a batch at a time. */
export function RescoringProgress({ listingsLeft: rescoring }: { listingsLeft: number }) {
  useRefreshWhile(rescoring > 0);
  return (
    <div role="status" aria-live="polite">
      {rescoring > 0 ? (
        <p className="card text-sm" data-testid="rescoring">
          Scoring matches again: <strong>{formatNumber(rescoring)}</strong> {rescoring === 1 ? "listing" : "listings"} left. Until a listing's turn
          comes, its matches keep the scores they had; the work goes on after you leave this page.
          {/* without JavaScript nothing reads the count again (useRefreshWhile), and the page's forms rule out reloading it by itself */}
          <noscript>
            {" "}
            <a href="/admin/system/matchmaking-bot" className="link">
              Reload
            </a>{" "}
            to see how many are left.
          </noscript>
        </p>
      ) : null}
    </div>
  );
}
