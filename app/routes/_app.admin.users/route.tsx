import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { requireUser } from "~/auth/guards.server";
import { redirectWithNotification } from "~/auth/session.server";
import { clientAddress, notFound } from "~/.server/http";
import { SimpleTable, cell, formatDateTime } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { titleMeta } from "~/lib/meta";
import { userAccessSchema } from "~/lib/schemas/admin";
import { ROLE_LABELS, isAgent, primaryRole } from "~/lib/roles";
import { recordAudit } from "~/models/audit.server";
import { endAllSessions } from "~/models/sessions.server";
import { listUsers, setUserAccess } from "~/models/users.server";
import { readForm } from "~/.server/body";
import { invalid } from "~/.server/replies";

export const meta = () => titleMeta("Users");

export async function loader(args: LoaderFunctionArgs) {
  const { services } = await requireUser(args, { role: "admin" });
  const users = await listUsers(services.db);
  return json({
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      company: u.company,
      role: primaryRole(u.roles),
      agent: isAgent(u.roles),
      enabled: u.enabled,
      locked: u.locked,
      lastLoginAt: u.lastLoginAt,
      createdAt: u.createdAt,
    })),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services, user: admin } = await requireUser(args, { role: "admin" });
  const submission = parseWithZod(await readForm(args.request), { schema: userAccessSchema });
  if (submission.status !== "success") return invalid(submission);
  const { userId, intent } = submission.value;
  let change: { locked: false } | { enabled: boolean };
  switch (intent) {
    case "disable":
      if (userId === admin.id) {
        return redirectWithNotification(services, args.request, "/admin/users", "You cannot disable your own account.", "error");
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
  if (!(await setUserAccess(services.db, userId, change))) throw notFound();
  if (intent === "disable") await endAllSessions(services.db, userId);
  await recordAudit(services.db, { actor: admin, action: `user.${intent}`, subjectType: "user", subjectId: userId, address: clientAddress(args.request) });
  const done = { enable: "enabled", disable: "disabled", unlock: "unlocked" }[intent];
  return redirectWithNotification(services, args.request, "/admin/users", `The account is ${done}.`);
}

export default function AdminUsersPage() {
  const { users } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Users">
        <Link to="/admin/users/create" className="btn-primary">
          New user
        </Link>
      </PageHeader>
      <SimpleTable caption="Users" count={users.length} empty="No users yet." headers={["Name", "E-mail", "Company", "Role", "Status", "Last login", ""]}>
        {users.map((u) => (
          <tr key={u.id} data-testid={`user-${u.email}`}>
            <td className={cell}>{u.name}</td>
            <td className={cell}>{u.email}</td>
            <td className={cell}>{u.company}</td>
            <td className={cell}>
              {u.role ? ROLE_LABELS[u.role] : "—"}
              {u.agent ? " · Agent" : ""}
            </td>
            <td className={cell}>{!u.enabled ? "Disabled" : u.locked ? "Locked" : "Active"}</td>
            <td className={cell}>{formatDateTime(u.lastLoginAt)}</td>
            <td className={`${cell} whitespace-nowrap`}>
              <Form method="post" className="flex gap-2">
                <Link to={`/admin/users/edit/${u.id}`} className="btn-secondary px-2 py-1">
                  Edit
                </Link>
                <input type="hidden" name="userId" value={u.id} />
                {u.locked ? (
                  <button name="intent" value="unlock" className="btn-secondary px-2 py-1">
                    Unlock
                  </button>
                ) : null}
                <button name="intent" value={u.enabled ? "disable" : "enable"} className="btn-secondary px-2 py-1">
                  {u.enabled ? "Disable" : "Enable"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </SimpleTable>
    </>
  );
}
