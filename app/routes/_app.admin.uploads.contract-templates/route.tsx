import { useActionData, useLoaderData } from "@remix-run/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { DateTime, SimpleTable } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { UploadsNav } from "~/components/uploads-nav";
import { CONTRACT_TEMPLATE_LABELS } from "~/lib/contract-templates";
import { titleMeta } from "~/lib/meta";
import { findProjectWithSeller } from "~/models/projects.server";
import { contractTemplatesById, listContractTemplates, projectTemplateChoice } from "~/models/contract-templates.server";
import { ChooseForm, UploadTemplateForm } from "./forms";
import { templatesAction } from "./templates.server";
import { recordId } from "~/lib/query-params";

export const meta = () => titleMeta("Uploads: NDA and sale-agreement templates");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const projectId = recordId(new URL(args.request.url).searchParams.get("project")) ?? null;
  const [templates, found] = await Promise.all([
    listContractTemplates(services.db),
    projectId ? findProjectWithSeller(services.db, projectId) : null,
  ]);
  const project = found ? { id: found.project.id, name: found.project.projectName, choice: await projectTemplateChoice(services.db, found.project.id) } : null;
  // a version the project uses that is older than those listed is offered too: else the box fell on the latest
  // and said "none chosen", and saving it moved the project off its version unasked
  const unlisted = [project?.choice.nda, project?.choice.saleAgreement].filter((id): id is number => Boolean(id) && !templates.some((t) => t.id === id));
  return { templates: [...templates, ...(await contractTemplatesById(services.db, unlisted))], project, projectId };
}

export async function action(args: ActionFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return templatesAction(args.request, services, user);
}

export default function ContractTemplatesPage() {
  const { templates, project, projectId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="space-y-6">
      <PageHeader title="Uploads: NDA and sale-agreement templates" />
      <UploadsNav />
      <p className="max-w-3xl text-sm text-slate-600">
        Each upload is a new version; older versions stay for the contracts already sent on them. A project uses the version chosen for it
        below (the latest is offered first); until then it keeps the built-in NDA or the file uploaded on its own page.
      </p>
      <UploadTemplateForm result={result} />
      <SimpleTable caption="Template versions" headers={["Contract", "Version", "File", "Uploaded", "SHA-256"]} count={templates.length} empty="No templates uploaded yet: NDAs use the built-in text.">
        {templates.map((t) => (
          <tr key={t.id}>
            <td>{CONTRACT_TEMPLATE_LABELS[t.kind]}</td>
            <td>{t.version}</td>
            <td>{t.name}</td>
            <td><DateTime at={t.createdAt} /></td>
            <td>
              <code>{t.sha256.slice(0, 12)}…</code>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <ChooseForm key={project?.id ?? projectId ?? "none"} templates={templates} project={project} projectId={projectId} result={result} />
    </div>
  );
}
