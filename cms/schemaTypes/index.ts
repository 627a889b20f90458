import { constantList } from "./constant-list";
import { jobPosting } from "./job-posting";
import { page } from "./page";
import { codeBlock, richText, rule } from "./portable-text";
import { siteSettings } from "./site-settings";

export const schemaTypes = [page, jobPosting, constantList, siteSettings, richText, codeBlock, rule];
