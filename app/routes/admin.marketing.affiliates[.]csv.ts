import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { csvAttachment } from "~/.server/csv-download";
import { csvLine } from "~/lib/csv";
import { referralExportChunk } from "~/models/affiliates.server";

const CHUNK = 500;

/** Every partner's referrals, their conversions and commission status, streamed a chunk at a time. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const encoder = new TextEncoder();
  let afterId: number | null = null;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (afterId === null) {
          afterId = 0;
          controller.enqueue(encoder.encode(csvLine(["partner", "code", "commission %", "member", "e-mail", "company", "joined", "NDAs signed", "offers accepted", "commission status"])));
          return;
        }
        const rows = await referralExportChunk(services.db, { afterId, size: CHUNK });
        if (!rows.length) return controller.close();
        afterId = rows.at(-1)!.id;
        controller.enqueue(
          encoder.encode(
            rows
              .map((r) => csvLine([r.affiliateName, r.code, r.commissionPercent, r.memberName, r.memberEmail, r.company, r.joinedAt.toISOString(), r.ndasSigned, r.offersAccepted, r.commissionStatus]))
              .join(""),
          ),
        );
      } catch (error) {
        console.error("affiliates.csv: the export stopped", error);
        controller.error(error);
      }
    },
  });
  return csvAttachment(services.env, stream, "affiliate-referrals.csv");
}
