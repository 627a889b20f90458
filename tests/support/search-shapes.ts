import type { SearchParams } from "../../app/models/project-search.server";

/** The buyer search's query shapes: what `bench:search` times and the query-plan test checks. */
export const SEARCH_SHAPES: Array<[string, SearchParams]> = [
  ["", {}],
  ["q=midwest", { q: "midwest" }],
  ["q=energy+loan", { q: "energy loan" }],
  ["industry=Energy", { industry: "Energy" }],
  ["region=Southeast&transactionSize=5-10m", { region: "Southeast", transactionSize: "5-10m" }],
  ["status=Non-Performing&sort=size&desc=1", { status: "Non-Performing", sort: "size", desc: true }],
  ["q=office&region=Midwest&sort=waInterest&desc=0", { q: "office", region: "Midwest", sort: "waInterest", desc: false }],
  ["industry=Healthcare&status=Performing&transactionSize=1-5m&page=3", { industry: "Healthcare", status: "Performing", transactionSize: "1-5m", page: 3 }],
  ["page=200", { page: 200 }],
  // a click on each column heading the table sorts by, unfiltered: each walks an index
  ["sort=projectName&desc=0", { sort: "projectName", desc: false }],
  ["sort=industry&desc=0", { sort: "industry", desc: false }],
  ["sort=location&desc=1", { sort: "location", desc: true }],
  ["sort=maturityDate&desc=0", { sort: "maturityDate", desc: false }],
  ["sort=loanAmount&desc=1&page=40", { sort: "loanAmount", desc: true, page: 40 }],
];
