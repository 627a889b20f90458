// Builds both targets one after the other (they share public/build, so never at once).
import { bin, run } from "./lib.mjs";

run(bin("remix"), ["build"]);
run(bin("remix"), ["build"], { env: { ...process.env, REMIX_TARGET: "edge" } });
