const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });

export const formatCurrency = (v: number | null | undefined) => (v === null || v === undefined ? "—" : usd.format(v));
export const formatCompactCurrency = (v: number | null | undefined) => (v === null || v === undefined ? "—" : compact.format(v));
export const formatPercent = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${v.toFixed(2)}%`);
export const formatDate = (v: string | number | Date | null | undefined) =>
  v === null || v === undefined || v === "" ? "—" : new Date(v).toISOString().slice(0, 10);
export const formatYesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? "—" : v ? "Yes" : "No");
