// What the wizard's loader and action read from shared modules, through a server module: imported by the
// route itself, modules with top-level work (tables, sets) stayed in the page's script though only the
// server used them.
export { LOAN_TAPE_COLUMNS, parseLoanTape, parseLoanTapeInSteps } from "~/lib/loan-tape";
export { detailsColumns, formValuesOf } from "~/lib/project-values";
export { UNKNOWN_SIC_CODE } from "~/lib/system-data";
