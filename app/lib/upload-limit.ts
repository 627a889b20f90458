import type { ChangeEvent } from "react";

/*
 * Each upload's largest file, in one small module the pages' file inputs import (their own modules, which the
 * actions also read, carry schemas and parsers the browser does not need). The servers read at most 10 MB of
 * a form's files (BODY_LIMITS.upload), so no limit here is above it.
 */
const MB = 1024 * 1024;
/** A data room document, a project's NDA template, a customer's on-boarding evidence. */
export const DOCUMENT_MAX_BYTES = 10 * MB;
/** A listings import (CSV or XLSX). */
export const UPLOAD_MAX_BYTES = 10 * MB;
/** A contract template PDF is a document, not a data room: a few pages of text. */
export const CONTRACT_TEMPLATE_MAX_BYTES = 5 * MB;
export const LOAN_TAPE_MAX_BYTES = 2 * MB;
/** The interest rates' and coefficients' CSV. */
export const RATES_IMPORT_MAX_BYTES = 2 * MB;
/** The property assumptions' and SIC codes' CSV. */
export const SYSTEM_DATA_MAX_BYTES = MB;
export const LEAD_CSV_MAX_BYTES = MB;

/** What an upload past its limit is told, by the server and, before sending, by the browser. */
export const fileTooLarge = (maxBytes: number) => `The file is larger than ${maxBytes / 1024 / 1024} MB.`;

/**
 * A file input's `onChange` that refuses, in the browser, a file past its upload's limit. Past the servers'
 * own limit (10 MB a form) a body is refused unread, and under workerd the connection is given up while the
 * browser is still sending, so a page with JavaScript had no answer to show (a 500). The file is taken out of
 * the input, so no form sends it, and the input says why until another file is chosen.
 */
export function refuseLargeFile(maxBytes: number) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const tooLarge = Array.from(input.files ?? []).some((file) => file.size > maxBytes);
    input.setCustomValidity(tooLarge ? fileTooLarge(maxBytes) : "");
    if (!tooLarge) return;
    input.value = "";
    input.reportValidity();
  };
}
