import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound } from "~/.server/http";
import { DataGrid } from "~/components/data-grid";
import { Pager } from "~/components/pager";
import { PageHeader } from "~/components/page-header";
import { SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { formatDateTime } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { ROLE_LABELS } from "~/lib/roles";
import { USER_ROLE_FILTERS, USER_STATES, USER_STATE_LABELS, userEditHref, type UserColumn } from "~/lib/user-table";
import { userStatusLabel } from "./status";
import { recordAudit } from "~/models/audit.server";
import { handleTableAction } from "~/models/table-view.server";
import { COMPANY_DELETED_MESSAGE, LAST_ADMIN_MESSAGE, setUserAccess, userListPage } from "~/models/users.server";
import { readForm } from "~/.server/body";
import { invalid, refuse } from "~/.server/replies";
import { parseWithZod, usersPageSchema } from "~/lib/schemas/index.server";

export const meta = () => titleMeta("Users");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await requireUser(args, { role: "admin" });
  return userListPage(services, { admin: user, request: args.request });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user: admin } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: usersPageSchema() });
  if (submission.status !== "success") return invalid(submission);
  const step = submission.value;
  if (step.intent === "columns" || step.intent === "save-view" || step.intent === "reset") return handleTableAction(services, admin.id, step, args.request);
  const { userId, intent } = step;
  const url = new URL(args.request.url);
  const back = url.pathname + url.search;
  let change: { locked: false } | { enabled: boolean };
  switch (intent) {
    case "disable":
      if (userId === admin.id) {
        return redirectWithNotification(services, args.request, back, "You cannot disable your own account.", "error");
      }
      change = { enabled: false };
      break;
    case "enable":
      change = { enabled: true };
      break;
    case "unlock":
      change = { locked: false };
      break;
  }
  // a disable ends the account's sessions and API tokens with it; the last enabled admin's is refused in the write
  const outcome = await setUserAccess(services.db, userId, change);
  if (outcome === "missing") throw notFound();
  if (outcome === "last-admin") return refuse(submission, LAST_ADMIN_MESSAGE, 409);
  // a deleted customer's member could not sign in: "Enabled" in the table would be no one who can
  if (outcome === "company-deleted") return refuse(submission, COMPANY_DELETED_MESSAGE, 409);
  if (outcome === "done") {
    // "done" is a write that changed the flag (an unlock also clears the failed sign-ins, the lock or not)
    const changes = "enabled" in change ? [{ field: "enabled", from: String(!change.enabled), to: String(change.enabled) }] : [];
    await recordAudit(services.db, { actor: admin, action: `user.${intent}`, subjectType: "user", subjectId: userId, address: clientAddress(args.request), changes });
  }
  const done = { enable: "enabled", disable: "disabled", unlock: "unlocked" }[intent];
  return redirectWithNotification(services, args.request, back, `The account is ${done}.`);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/** A row's Edit, naming the table as it stands (search, filters, sort, page): the save comes back to it. */
function EditLink({ id }: { id: number }) {
  return (
    <Link to={userEditHref(id, useLocation())} className="btn-secondary px-2 py-1">
      Edit
    </Link>
  );
}

const CELLS: Record<UserColumn, (u: Row) => ReactNode> = {
  id: (u) => u.id,
  name: (u) => u.name,
  email: (u) => u.email,
  company: (u) => u.company || "—",
  phone: (u) => u.phone || "—",
  role: (u) => `${u.role ? ROLE_LABELS[u.role] : "—"}${u.agent ? " · Agent" : ""}`,
  status: (u) => userStatusLabel(u),
  lastLoginAt: (u) => formatDateTime(u.lastLoginAt),
  createdAt: (u) => formatDateTime(u.createdAt),
  actions: (u) => (
    <Form method="post" className="flex gap-2 whitespace-nowrap">
      <EditLink id={u.id} />
      <input type="hidden" name="userId" value={u.id} />
      {u.locked ? (
        <button name="intent" value="unlock" className="btn-secondary px-2 py-1">
          Unlock
        </button>
      ) : null}
      {u.customerDeleted && !u.enabled ? null : (
        <button name="intent" value={u.enabled ? "disable" : "enable"} className="btn-secondary px-2 py-1">
          {u.enabled ? "Disable" : "Enable"}
        </button>
      )}
    </Form>
  ),
};

const ROLE_OPTIONS = USER_ROLE_FILTERS.map((r) => [r, r === "ROLE_AGENT" ? "Agent" : ROLE_LABELS[r.slice(5).toLowerCase() as keyof typeof ROLE_LABELS]] as const);

export default function AdminUsersPage() {
  const { rows, total, more, page, pageSize, view, filters } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const refusal = answered && "result" in answered ? answered.result.error?.[""] : null;
  return (
    <>
      <PageHeader title="Users">
        <Link to="/admin/users/create" className="btn-primary">
          New user
        </Link>
      </PageHeader>
      {/* a refused switch (the form error FormErrors draws, written out: that module would weigh on this page) */}
      {refusal ? (
        <div role="alert" data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      <ViewForm sort={view.sortBy} desc={view.sortDesc} pageSize={pageSize}>
        <SearchFilter value={filters.q} placeholder="Name, e-mail, company, phone" />
        <SelectFilter name="role" label="Role" value={filters.role} options={ROLE_OPTIONS} />
        <SelectFilter name="status" label="Status" value={filters.status} options={USER_STATES.map((s) => [s, USER_STATE_LABELS[s]])} />
      </ViewForm>
      <DataGrid<Row>
        tableKey="users"
        caption="Users"
        headers={view.headers}
        visible={view.visible}
        rows={rows}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-${u.email}`}
        cells={CELLS}
        sortBy={view.sortBy}
        sortDesc={view.sortDesc}
        empty="No users match."
      />
      <Pager page={page} pageSize={pageSize} total={total} more={more} noun="users" testId="table-count" />
    </>
  );
}
