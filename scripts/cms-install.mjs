// Installs the studio's own packages (cms/package.json) once; the site itself does not need them.
import fs from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const cms = path.join(root, "cms");
const marker = path.join(cms, "node_modules", ".package-lock.json");
const stale =
  !fs.existsSync(marker) || fs.statSync(path.join(cms, "package.json")).mtimeMs > fs.statSync(marker).mtimeMs;
if (stale) run("npm", ["install", "--no-audit", "--no-fund"], { cwd: cms });
