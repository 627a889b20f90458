import type { TapeCompleteness } from "~/lib/loan-tape";

/**
 * How complete a loan tape is, with its worst gaps: shown to the seller before
 * publishing, so the data is fixed before buyers discount it, and to buyers on the teaser.
 */
export function TapeCompletenessNote({ completeness, forSeller = false }: { completeness: TapeCompleteness | null; forSeller?: boolean }) {
  if (!completeness) return null;
  const { score, gaps, loans } = completeness;
  return (
    <div className="text-sm" data-testid="tape-completeness">
      <p>
        <span className="font-semibold">Loan tape completeness: {score} %</span> of the fields buyers rely on, over {loans} loans.
      </p>
      {gaps.length ? (
        <p className="text-slate-700">
          {forSeller ? "Fill in first: " : "Most often missing: "}
          {gaps.map((g) => `${g.label} (missing on ${g.missing} of ${g.applicable})`).join("; ")}.
        </p>
      ) : null}
    </div>
  );
}
