import { PERMISSION_LABELS, SELLER_PERMISSIONS } from "~/lib/seller-permissions";
import { FieldErrors } from "./forms";

/**
 * The checkboxes of a colleague's permissions: for all the team's projects, and per project.
 * Plain checkboxes of one repeated field (app/lib/schemas/seller-permissions.ts), so it works without JavaScript.
 */
export function PermissionGrid({
  projects,
  checked,
  errors,
  errorId,
}: {
  projects: { id: number; projectName: string | null }[];
  checked: readonly string[];
  errors?: string[];
  errorId: string;
}) {
  const ticked = new Set(checked);
  const rows = [{ scope: "all", name: "All projects" }, ...projects.map((p) => ({ scope: String(p.id), name: p.projectName || `Project ${p.id}` }))];
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="label">Permissions</legend>
      <div className="scroll-shadows overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Permissions per project</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">Project</th>
              {SELLER_PERMISSIONS.map((p) => (
                <th key={p} scope="col" className="px-3 py-2">{PERMISSION_LABELS[p]}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.scope} data-testid="permission-row">
                <th scope="row" className="px-3 py-2 text-left font-medium">{row.name}</th>
                {SELLER_PERMISSIONS.map((p) => (
                  <td key={p} className="px-3 py-2">
                    <input
                      type="checkbox"
                      name="grant"
                      value={`${row.scope}:${p}`}
                      defaultChecked={ticked.has(`${row.scope}:${p}`)}
                      aria-label={`${PERMISSION_LABELS[p]}: ${row.name}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
