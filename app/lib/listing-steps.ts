/* The steps of listing a project and the lengths of its texts (apart from lib/projects, for the browser). */

export const STEPS = [
  { step: 1, title: "Basics" },
  { step: 2, title: "Terms" },
  { step: 3, title: "Details" },
  { step: 4, title: "Review and submit" },
] as const;

/** The most characters of each text the listing asks for (the forms count them as one types: spec §5). */
export const TEXT_LIMITS = {
  projectName: 120,
  sector: 120,
  borrower: 200,
  levelOfSecurity: 200,
  loanPool: 120,
  address: 200,
  city: 100,
  carrier: 150,
  fullDetails: 4000,
  summary: 2000,
  overview: 4000,
} as const;
