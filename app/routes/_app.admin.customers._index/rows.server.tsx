import type { ReactNode } from "react";
import { gridBody } from "~/components/data-grid.server";
import { CUSTOMER_TYPE_LABELS, type CustomerColumn } from "~/lib/customers";
import { DateTime } from "~/components/data-table";
import { formatNumber, formatYesNo } from "~/lib/format";
import { formatCompactCurrency } from "~/lib/format-figures";
import type { ResolvedPreferences } from "~/lib/table-preferences";
import type { CustomerRow } from "~/models/customers.server";
import { withBack } from "~/lib/table-back";
import { CUSTOMER_SELECTION_FORM } from "./selection";

const count = (n: number) => formatNumber(n);
const text = (v: string) => v || "—";

/** The row's cells; its links name the table as the admin has it (`at`), the way back from the customer's pages. */
function cells(at: string): Record<CustomerColumn, (r: CustomerRow) => ReactNode> {
  const opened = (href: string) => withBack(href, at, CUSTOMERS);
  return {
    select: (r) => (
      <input type="checkbox" name="customerId" value={r.customerId} form={CUSTOMER_SELECTION_FORM} aria-label={`Select ${r.customerName || `customer ${r.customerId}`}`} />
    ),
    customerId: (r) => r.customerId,
    customerName: (r) => (
      <a href={opened(`/admin/customers/${r.customerId}`)} className="link font-medium">
        {r.anonymised ? "(anonymised)" : r.customerName}
      </a>
    ),
    customerType: (r) => CUSTOMER_TYPE_LABELS[r.customerType],
    contactPerson: (r) => text(r.contactPerson),
    attentionEmail: (r) => text(r.attentionEmail),
    attentionPhone: (r) => text(r.attentionPhone),
    website: (r) => text(r.website),
    type: (r) => text(r.type),
    size: (r) => formatCompactCurrency(r.size),
    headquarters: (r) => text(r.headquarters),
    createdAt: (r) => <DateTime at={r.createdAt} />,
    enabled: (r) => formatYesNo(r.enabled),
    locked: (r) => formatYesNo(r.locked),
    lastActivity: (r) => <DateTime at={r.lastActivity} />,
    lastLogin: (r) => <DateTime at={r.lastLogin} />,
    views: (r) => count(r.views),
    ndas: (r) => count(r.ndas),
    negotiations: (r) => count(r.negotiations),
    loi: (r) => count(r.loi),
    impressions: (r) => count(r.impressions),
    communications: (r) => count(r.communications),
    smsAllowance: (r) => count(r.smsAllowance),
    responsivenessScore: (r) => r.responsivenessScore ?? "—",
    responsivenessReason: (r) => r.responsivenessReason,
    borrowerLocationPreferences: (r) => text(r.borrowerLocationPreferences),
    industryPreferences: (r) => text(r.industryPreferences),
    statePreferences: (r) => text(r.statePreferences),
    transactionScalePreferences: (r) => text(r.transactionScalePreferences),
    performingLoanPreference: (r) => text(r.performingLoanPreference),
    investmentPref: (r) => text(r.investmentPref),
    transactionPref: (r) => text(r.transactionPref),
    buyerType: (r) => text(r.buyerType),
    investmentCriteria: (r) => text(r.investmentCriteria),
    comments: (r) => text(r.comments),
    updatedAt: (r) => <DateTime at={r.updatedAt} />,
    dealsUpTo5m: (r) => count(r.dealsUpTo5m),
    deals5to10m: (r) => count(r.deals5to10m),
    deals10to25m: (r) => count(r.deals10to25m),
    deals25to50m: (r) => count(r.deals25to50m),
    deals50to100m: (r) => count(r.deals50to100m),
    deals100to300m: (r) => count(r.deals100to300m),
    deals300to500m: (r) => count(r.deals300to500m),
    dealsAbove500m: (r) => count(r.dealsAbove500m),
    adminAction: (r) => (
      <span className="flex gap-2 whitespace-nowrap">
        <a href={opened(`/admin/customers/${r.customerId}`)} className="link">
          View
        </a>
        <a href={opened(`/admin/customers/edit/${r.customerId}`)} className="link">
          Edit
        </a>
      </span>
    ),
  };
}
const CUSTOMERS = "/admin/customers";

/** A page of the customer table, drawn here in the admin's columns; `at`, the table's address as the admin has it. */
export function customerRowsBody(rows: CustomerRow[], view: Pick<ResolvedPreferences, "headers" | "visible">, at = CUSTOMERS) {
  return gridBody("customers", { headers: view.headers, visible: view.visible, rows, rowKey: (r) => r.customerId, cells: cells(at), empty: "No customers match." }, at);
}
