import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import remixConfig from "../../remix.config.js";

/**
 * The runtime every page loads (React, the router, Remix's browser half) is most of the 100 KiB budget
 * (decision 023). The app runs without single fetch, so the patch to @remix-run/react leaves its decoder
 * (turbo-stream) and data strategy out of the browser's build: about 2.8 KiB (gzip) of every page.
 */
describe("the browser's Remix runtime", () => {
  it("is built without single fetch, which the app does not turn on", async () => {
    expect(remixConfig.future?.v3_singleFetch).toBe(false);
    const result = await build({
      stdin: { contents: 'export { RemixBrowser, Links, Meta, Scripts, Link } from "@remix-run/react";', resolveDir: path.resolve(__dirname, "../..") },
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      format: "esm",
      platform: "browser",
      logLevel: "silent",
    });
    // the modules the output carries (a module read but tree-shaken away has no bytes in it)
    const [output] = Object.values(result.metafile.outputs);
    const inputs = Object.entries(output!.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput ? [input] : []));
    expect(inputs.filter((input) => /turbo-stream|single-fetch/.test(input))).toEqual([]);
    expect(inputs.some((input) => input.endsWith("@remix-run/react/dist/esm/browser.js"))).toBe(true);
  });
});
