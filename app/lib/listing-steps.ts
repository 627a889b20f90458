/* The steps of listing a project and the lengths of its texts (apart from lib/projects, for the browser). */

export const STEPS = [
  { step: 1, title: "Basics" },
  { step: 2, title: "Terms" },
  { step: 3, title: "Details" },
  { step: 4, title: "Review and submit" },
] as const;

export const TEXT_LIMITS = { projectName: 120, fullDetails: 4000, summary: 2000, overview: 4000 } as const;
