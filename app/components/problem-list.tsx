/**
 * A file's problems after a check: one summary line and every bad row in the form's words,
 * so a seller or admin can fix the whole file in one pass rather than one error per try.
 */
export function ProblemList({ id, testId, summary, problems }: { id?: string; testId: string; summary?: string; problems: string[] }) {
  if (!summary && !problems.length) return null;
  return (
    <div id={id} role="alert" data-testid={testId} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {summary ? <p className="font-medium">{summary}</p> : null}
      {problems.length ? (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
