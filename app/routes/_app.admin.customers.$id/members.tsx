import type { ResolvedPreferences } from "~/lib/table-preferences";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataGrid } from "~/components/data-grid";
import { formatDateTime } from "~/components/data-table";
import { Pager } from "~/components/pager";
import { SearchFilter, SelectFilter, ViewForm } from "~/components/table-controls";
import { ROLE_LABELS, primaryRole, type RoleName } from "~/lib/roles";
import { USER_STATES, USER_STATE_LABELS } from "~/lib/user-table";

export type Member = {
  id: number;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  enabled: boolean;
  locked: boolean;
  /** The Status cell: Invited, the member's own state, or what their company is when it keeps them out (lib/user-table). */
  statusLabel: string;
  invited: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

type MemberList = {
  rows: Member[];
  total: number;
  /** more match than `total` counted (a short text in most members, decision 114) */
  more: boolean;
  page: number;
  pageSize: number;
  view: Pick<ResolvedPreferences, "headers" | "visible" | "sortBy" | "sortDesc">;
  filters: Record<string, string>;
};

function cells(deleted: boolean): Record<string, (m: Member) => ReactNode> {
  return {
    name: (m) => m.name,
    email: (m) => m.email,
    role: (m) => {
      const role = primaryRole(m.roles as RoleName[]);
      return `${role ? ROLE_LABELS[role] : "—"}${m.roles.includes("ROLE_AGENT") ? " · Agent" : ""}`;
    },
    phone: (m) => m.phone || "—",
    status: (m) => m.statusLabel,
    lastLoginAt: (m) => formatDateTime(m.lastLoginAt),
    createdAt: (m) => formatDateTime(m.createdAt),
    actions: (m) =>
      m.enabled && !deleted ? (
        <Form method="post">
          <input type="hidden" name="userId" value={m.id} />
          {m.invited ? (
            <button name="intent" value="resend-invitation" className="btn-secondary px-2 py-1">
              Send the invitation again
            </button>
          ) : (
            <button name="intent" value="reset-password" className="btn-secondary px-2 py-1">
              Send password reset
            </button>
          )}
        </Form>
      ) : null,
  };
}
const CELLS = { live: cells(false), deleted: cells(true) };

/** The customer's members: searched, filtered, sorted and paged on the server, with this admin's columns. */
export function Members({ list, deleted }: { list: MemberList; deleted: boolean }) {
  return (
    <section aria-label="Members" className="space-y-2">
      <h2 className="text-lg font-semibold">Members</h2>
      <ViewForm sort={list.view.sortBy} desc={list.view.sortDesc} pageSize={list.pageSize}>
        <SearchFilter value={list.filters.q} placeholder="Name, e-mail, phone" />
        <SelectFilter name="status" label="Status" value={list.filters.status} options={USER_STATES.map((s) => [s, USER_STATE_LABELS[s]])} />
      </ViewForm>
      <DataGrid<Member>
        tableKey="customerMembers"
        caption="Members"
        headers={list.view.headers}
        visible={list.view.visible}
        rows={list.rows}
        rowKey={(m) => m.id}
        rowTestId={(m) => `member-${m.email}`}
        cells={deleted ? CELLS.deleted : CELLS.live}
        sortBy={list.view.sortBy}
        sortDesc={list.view.sortDesc}
        empty="No members match."
      />
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} more={list.more} noun="members" />
    </section>
  );
}
