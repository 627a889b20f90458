/**
 * One app, two targets. `REMIX_TARGET=edge` builds the Cloudflare Workers bundle
 * (app code resolved with the "workerd" condition; wrangler bundles it); the default builds
 * for Node and remix-serve. The client build is the same for both, so both
 * targets share public/build.
 * @type {import('@remix-run/dev').AppConfig}
 */
const edge = process.env.REMIX_TARGET === "edge";
// the build scripts' fresh directory, moved into place when the build is whole (scripts/lib.mjs remixBuild)
const staging = process.env.REMIX_BUILD_STAGING;
const into = (p) => (staging ? `${staging}/${p}` : p);

export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  tailwind: false,
  postcss: true,
  assetsBuildDirectory: into("public/build"),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  ...(edge
    ? {
        serverBuildPath: into("build/edge/index.js"),
        serverConditions: ["workerd", "worker", "browser"],
        // only app code here: wrangler bundles the packages once, for this build and worker/ alike
        serverDependenciesToBundle: [/^#/],
        serverMainFields: ["browser", "module", "main"],
        serverPlatform: "neutral",
      }
    : {
        serverBuildPath: into("build/index.js"),
        // package.json "imports" (#platform, #render, #edge-entries) are app code, not packages; the US atlas
        // is JSON, which Node's ESM imports only with an import attribute: it is inlined instead
        serverDependenciesToBundle: [/^#/, /^us-atlas\//],
      }),
};
