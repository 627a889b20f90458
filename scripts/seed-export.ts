// `npm run seed:export`: writes cms/seed/production.ndjson from cms/seed/documents.ts,
// the file `sanity dataset import` takes (npm run studio:import).
import fs from "node:fs";
import path from "node:path";
import { SEED_DOCUMENTS } from "../cms/seed/documents";
import { toNdjson } from "../app/.server/content/ndjson";

const file = path.resolve(__dirname, "../cms/seed/production.ndjson");
fs.writeFileSync(file, toNdjson(SEED_DOCUMENTS));
console.log(`Wrote ${SEED_DOCUMENTS.length} documents to ${path.relative(process.cwd(), file)}`);
