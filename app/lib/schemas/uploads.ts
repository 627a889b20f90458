import * as z from "zod/mini";
import { CONTRACT_TEMPLATE_KINDS } from "../contract-templates";
import { IMPORT_TARGETS } from "../import-jobs";
import { field, byIntent } from "../validation";
import { once } from "~/lib/once";

const id = (message: string) => z.coerce.number({ error: message }).check(z.int(message), z.positive(message));

const upload = once(() => ({
  seller: id("Choose a seller."),
  target: z.enum(IMPORT_TARGETS, { error: "Choose drafts or published." }),
  file: field.optionalFile(),
  // the page's one-time key (the loader's): the same form posted twice imports once
  key: z.optional(z.string().check(z.maxLength(100))),
  // ticked after the import was refused for a file imported before: import it again all the same
  again: z.optional(z.string()),
}));

/** The listing upload form: a dry run, or the import itself (checked again, all or nothing). */
export const listingUploadSchema = once(() => byIntent([
  z.object({ intent: z.literal("check"), ...upload() }),
  z.object({ intent: z.literal("import"), ...upload() }),
]));

/** The jobs table's Cancel: stops an import that has not finished. */
export const importCancelSchema = once(() => z.object({ intent: z.literal("cancel"), job: id("Choose an import.") }));

/** The contract templates page: upload a new version, or choose the versions a project uses. */
export const contractTemplateSchema = once(() => byIntent([
  z.object({
    intent: z.literal("upload"),
    kind: z.enum(CONTRACT_TEMPLATE_KINDS, { error: "Choose NDA or sale agreement." }),
    file: field.optionalFile(),
  }),
  z.object({
    intent: z.literal("choose"),
    project: id("Enter a project number."),
    // "" is the latest version
    nda: z.optional(z.string()),
    saleAgreement: z.optional(z.string()),
  }),
]));
