import { Form } from "@remix-run/react";
import { formErrorsOf, resultFor, type ActionResult } from "~/lib/action-result";
import { CONTRACT_TEMPLATE_KINDS, CONTRACT_TEMPLATE_LABELS, type ContractTemplateKind } from "~/lib/contract-templates";
import { CONTRACT_TEMPLATE_MAX_BYTES, refuseLargeFile } from "~/lib/upload-limit";

type Template = { id: number; kind: ContractTemplateKind; version: number; name: string };

function Problem({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

export function UploadTemplateForm({ result }: { result?: ActionResult | null }) {
  const answer = resultFor(result, "upload");
  const fileError = answer?.error?.file?.[0] ?? answer?.error?.kind?.[0];
  return (
    <section className="card space-y-3" aria-labelledby="upload-template-title">
      <h2 id="upload-template-title" className="text-lg font-semibold">
        Upload a template
      </h2>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">Contract</span>
          <select name="kind" className="input" defaultValue="nda">
            {CONTRACT_TEMPLATE_KINDS.map((k) => (
              <option key={k} value={k}>
                {CONTRACT_TEMPLATE_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="label">PDF file</span>
          <input type="file" name="file" accept="application/pdf,.pdf" className="input" onChange={refuseLargeFile(CONTRACT_TEMPLATE_MAX_BYTES)} aria-invalid={fileError ? true : undefined} aria-describedby={fileError ? "template-file-error" : undefined} />
        </label>
        <button type="submit" name="intent" value="upload" className="btn-primary">
          Upload version
        </button>
      </Form>
      <Problem id="template-file-error" message={fileError} />
    </section>
  );
}

/** The versions one project uses; a project without a choice is offered the latest version first. */
export function ChooseForm({
  templates,
  project,
  projectId,
  result,
}: {
  templates: Template[];
  project: { id: number; name: string; choice: { nda: number | null; saleAgreement: number | null } } | null;
  projectId: number | null;
  result?: ActionResult | null;
}) {
  const answer = resultFor(result, "choose");
  const problem = answer?.error?.project?.[0] ?? formErrorsOf(answer)?.[0];
  const select = (kind: ContractTemplateKind, name: string, chosen: number | null) => (
    <label className="text-sm">
      <span className="label">{CONTRACT_TEMPLATE_LABELS[kind]}</span>
      <select name={name} className="input" defaultValue={String(chosen ?? templates.find((t) => t.kind === kind)?.id ?? "")}>
        <option value="">{kind === "nda" ? "The built-in NDA" : "None"}</option>
        {templates
          .filter((t) => t.kind === kind)
          .map((t) => (
            <option key={t.id} value={t.id}>
              Version {t.version}: {t.name}
            </option>
          ))}
      </select>
    </label>
  );
  return (
    <section className="card space-y-3" aria-labelledby="choose-title">
      <h2 id="choose-title" className="text-lg font-semibold">
        Templates of a project
      </h2>
      {project ? (
        <p className="text-sm" data-testid="project-templates">
          Project {project.id}, {project.name}: NDA {versionName(templates, project.choice.nda)}, sale agreement {versionName(templates, project.choice.saleAgreement)}.
        </p>
      ) : projectId ? (
        <p className="text-sm">No project has number {projectId}.</p>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">Project number</span>
          <input name="project" inputMode="numeric" className="input" defaultValue={project?.id ?? projectId ?? ""} aria-invalid={problem ? true : undefined} aria-describedby={problem ? "choose-error" : undefined} />
        </label>
        {select("nda", "nda", project?.choice.nda ?? null)}
        {select("sale_agreement", "saleAgreement", project?.choice.saleAgreement ?? null)}
        <button type="submit" name="intent" value="choose" className="btn-primary">
          Save for the project
        </button>
      </Form>
      <Problem id="choose-error" message={problem} />
    </section>
  );
}

function versionName(templates: Template[], id: number | null) {
  const t = id ? templates.find((t) => t.id === id) : null;
  return t ? `version ${t.version} (${t.name})` : "none chosen";
}
