// Builds both targets one after the other (they share public/build, so never at once).
import { bin, run } from "./lib.mjs";

run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production" } });
run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production", REMIX_TARGET: "edge" } });
