import { countSms, withStopFooter, type SmsCount as Count } from "~/lib/sms";
import { SmsCountLine } from "./sms-count-line";

/**
 * Characters and segments of a text as it will be sent (with the opt-out line), the
 * same count the server charges; merge fields are counted as written, so a long
 * company name can add a segment (the preview shows each recipient's own count).
 */
export function SmsCount({ text, merged = false }: { text: string; merged?: boolean }) {
  const count: Count = countSms(merged ? text : withStopFooter(text));
  return <SmsCountLine count={count} merged={merged} />;
}
