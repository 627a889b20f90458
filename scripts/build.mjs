// Builds both targets one after the other (they share public/build, so never at once).
import { remixBuild } from "./lib.mjs";

remixBuild("node");
remixBuild("edge");
