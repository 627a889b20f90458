/** The contracts an admin uploads templates for (spec §1: NDA and sale-agreement documents). */
export const CONTRACT_TEMPLATE_KINDS = ["nda", "sale_agreement"] as const;
export type ContractTemplateKind = (typeof CONTRACT_TEMPLATE_KINDS)[number];

export const CONTRACT_TEMPLATE_LABELS: Record<ContractTemplateKind, string> = {
  nda: "NDA",
  sale_agreement: "Sale agreement",
};
