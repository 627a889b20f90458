import type { ProjectOptions } from "~/lib/schemas/project";

/** The smallest lists UPLOAD_EXAMPLES' rows are valid against: a test's upload checks its rows by them. */
export const UPLOAD_OPTIONS: ProjectOptions = {
  industries: ["Real Estate"],
  saleTypes: ["Portfolio sale"],
  locations: ["Northeast"],
  usStates: ["NY"],
  loanStatus: ["Performing"],
  propertyTypes: ["Office"],
  policyTypes: [],
};
