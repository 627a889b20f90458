import type { SmsCount } from "~/lib/sms";

/**
 * A text's characters and segments as counted (by the browser as it is typed, or by the server for a
 * preview): apart from the counting, so that a page showing the server's count ships none of its tables.
 */
export function SmsCountLine({ count: { encoding, characters, segments, perSegment }, merged = false }: { count: SmsCount; merged?: boolean }) {
  return (
    <p className="text-sm text-slate-600" data-testid="sms-count" aria-live="polite">
      {characters} character{characters === 1 ? "" : "s"}, {segments} segment{segments === 1 ? "" : "s"} ({encoding}, {perSegment} a segment)
      {merged ? "" : " with “Reply STOP to opt out”"}
    </p>
  );
}
