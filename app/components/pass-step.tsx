import { Form } from "@remix-run/react";
import { formatDate } from "~/lib/format";

/** Passing leads to the feedback form; once given, the date it was. */
export function PassStep({ projectId, passedAt }: { projectId: number; passedAt: string | null }) {
  if (passedAt) {
    return <p className="text-sm text-slate-600">You passed on this project on {formatDate(passedAt)}.</p>;
  }
  return (
    <Form method="post" action={`/projects/more-details/${projectId}`} className="text-sm text-slate-600">
      <input type="hidden" name="intent" value="pass" />
      Not for you?{" "}
      <button type="submit" className="link">
        Pass and tell the seller why
      </button>
    </Form>
  );
}
