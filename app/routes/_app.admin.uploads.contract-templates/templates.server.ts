import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithNotification } from "~/auth/session.server";
import { isBodyTooLarge, readForm } from "~/.server/body";
import { clientAddress } from "~/.server/http";
import { answer, invalid, refuse, unreadSubmission } from "~/.server/replies";
import type { Services } from "~/.server/services";
import type { User } from "~/.server/db/schema";
import { CONTRACT_TEMPLATE_LABELS, type ContractTemplateKind } from "~/lib/contract-templates";
import { contractTemplateSchema } from "~/lib/schemas/uploads";
import { chooseProjectTemplates, findContractTemplate, uploadContractTemplate } from "~/models/contract-templates.server";
import { checkUpload } from "~/models/data-room.server";
import { CONTRACT_TEMPLATE_MAX_BYTES, fileTooLarge } from "~/lib/upload-limit";

const PAGE = "/admin/uploads/contract-templates";

/** Room for the form's other fields and the multipart framing around the file. */
const FRAMING = 64 * 1024;
const TOO_LARGE = fileTooLarge(CONTRACT_TEMPLATE_MAX_BYTES);

export async function templatesAction(request: Request, services: Services, user: User) {
  let form: FormData;
  try {
    form = await readForm(request, CONTRACT_TEMPLATE_MAX_BYTES + FRAMING);
  } catch (error) {
    if (!isBodyTooLarge(error)) throw error;
    // on the upload form's file field: the CSV imports' refusal ("1 problem; nothing was imported.", for
    // an "import" form) reached no form of this page, and the page said nothing
    return answer(unreadSubmission("upload").reply({ fieldErrors: { file: [TOO_LARGE] } }), 413);
  }
  const submission = parseWithZod(form, { schema: contractTemplateSchema() });
  if (submission.status !== "success") return invalid(submission);
  const actor = { actor: user, address: clientAddress(request) };
  if (submission.value.intent === "upload") {
    const { kind, file } = submission.value;
    // within the form's room, past the template's own limit: refused as one past the room is
    if (file && file.size > CONTRACT_TEMPLATE_MAX_BYTES) return answer(submission.reply({ fieldErrors: { file: [TOO_LARGE] } }), 413);
    const check = await checkUpload(file ?? null, ["pdf"]);
    if (!check.ok) return answer(submission.reply({ fieldErrors: { file: [check.message] } }), 422);
    const saved = await uploadContractTemplate(services, { kind, name: file!.name, bytes: check.bytes, ...actor });
    return redirectWithNotification(services, request, PAGE, `${CONTRACT_TEMPLATE_LABELS[kind]} version ${saved.version} is uploaded.`);
  }
  const { project } = submission.value;
  const chosen = async (kind: ContractTemplateKind, value: string | undefined) => {
    if (!value) return { id: null };
    const template = await findContractTemplate(services.db, { kind, templateId: Number(value) });
    return template ? { id: template.id } : null;
  };
  const [nda, saleAgreement] = await Promise.all([chosen("nda", submission.value.nda), chosen("sale_agreement", submission.value.saleAgreement)]);
  if (!nda || !saleAgreement) return refuse(submission, "Choose one of the listed versions.", 400);
  const saved = await chooseProjectTemplates(services.db, { projectId: project, nda: nda.id, saleAgreement: saleAgreement.id, ...actor });
  if (!saved) return answer(submission.reply({ fieldErrors: { project: ["No project has this number."] } }), 404);
  return redirectWithNotification(services, request, `${PAGE}?project=${project}`, `Project ${project}'s contract templates are saved.`);
}
