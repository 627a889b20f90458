import { STATUS_LABELS, type ProjectStatus } from "~/lib/project-kinds";

/** A project's status as a coloured label. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const tone =
    status === "published"
      ? "bg-emerald-100 text-emerald-800"
      : status === "rejected" || status === "withdrawn"
        ? "bg-red-100 text-red-800"
        : status === "submitted"
          ? "bg-amber-100 text-amber-900"
          : "bg-slate-100 text-slate-700";
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{STATUS_LABELS[status]}</span>;
}
