/**
 * pdf-lib, loaded when a document is first drawn or read. Its modules do work as they load (the PNG
 * reader builds a 32,768-entry table, the fonts' encodings are inflated): about 30 ms of a new Worker's
 * start in local workerd, which every page paid though only the deal documents use it. Only types may
 * be imported from "pdf-lib" elsewhere: one value import would load it with the app again.
 */
let loaded: Promise<typeof import("pdf-lib")> | undefined;

export const pdfLib = () => (loaded ??= import("pdf-lib"));
