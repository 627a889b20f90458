import { countSms, withStopFooter } from "~/lib/sms";

/**
 * Characters and segments of a text as it will be sent (with the opt-out line), the
 * same count the server charges; merge fields are counted as written, so a long
 * company name can add a segment (the preview shows each recipient's own count).
 */
export function SmsCount({ text, merged = false }: { text: string; merged?: boolean }) {
  const { encoding, characters, segments, perSegment } = countSms(merged ? text : withStopFooter(text));
  return (
    <p className="text-sm text-slate-600" data-testid="sms-count" aria-live="polite">
      {characters} character{characters === 1 ? "" : "s"}, {segments} segment{segments === 1 ? "" : "s"} ({encoding}, {perSegment} a segment)
      {merged ? "" : " with “Reply STOP to opt out”"}
    </p>
  );
}
