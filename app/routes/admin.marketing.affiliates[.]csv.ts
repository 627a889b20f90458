import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { chunkedCsv, csvAttachment, csvDateTime } from "~/.server/csv-download";
import { referralExportChunk } from "~/models/affiliates.server";

const CHUNK = 500;

/** Every partner's referrals, their conversions and commission status, streamed a chunk at a time. */
export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  let afterId = 0;
  const stream = chunkedCsv(
    ["partner", "code", "commission %", "member", "e-mail", "company", "joined", "NDAs signed", "offers accepted", "commission status"],
    async () => {
      const rows = await referralExportChunk(services.db, { afterId, size: CHUNK });
      afterId = rows.at(-1)?.id ?? afterId;
      return rows.map((r) => [r.affiliateName, r.code, r.commissionPercent, r.memberName, r.memberEmail, r.company, csvDateTime(r.joinedAt), r.ndasSigned, r.offersAccepted, r.commissionStatus]);
    },
    "affiliates.csv",
  );
  return csvAttachment(services.env, stream, "affiliate-referrals.csv");
}
