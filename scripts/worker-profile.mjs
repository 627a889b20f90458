// The Worker's CPU profile under `wrangler dev`, for `npm run bench -- --profile`: taken through
// wrangler's inspector port (the DevTools protocol) while the bench loads the server, and named
// through the source map wrangler writes beside its bundle, so that a frame reads as the app's
// own file and function rather than a minified name.
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import WebSocket from "ws";
import { root } from "./lib.mjs";

/** Starts sampling the Worker; `stop()` answers its profile. */
export async function startWorkerProfile(inspectorPort) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`);
  await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)));
  let id = 0;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 500 });
  await call("Profiler.start");
  return {
    async stop() {
      const { profile } = await call("Profiler.stop");
      socket.close();
      return profile;
    },
  };
}

/** A frame's name: the original file and function for the Worker's bundle, else as sampled. */
export function workerFrameNamer() {
  // the newest bundle of this checkout's wrangler dev (.wrangler/tmp/dev-*/index.js and its map)
  const tmp = path.join(root, ".wrangler", "tmp");
  const bundle = fs.existsSync(tmp)
    ? fs
        .readdirSync(tmp)
        .filter((name) => name.startsWith("dev-") && fs.existsSync(path.join(tmp, name, "index.js.map")))
        .map((name) => path.join(tmp, name))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]
    : undefined;
  const map = bundle ? new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(bundle, "index.js.map"), "utf8"))) : null;
  return ({ functionName, url, lineNumber, columnNumber }) => {
    if (!map || url !== "index.js") return { key: `${functionName || "(anonymous)"}${url ? ` ${url}` : ""}`, layer: url ? url.split(":")[0] : functionName || "(native)" };
    const at = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    // drizzle-orm's own maps point at ../src, so its files arrive as node_modules/src/…
    const source = (at.source ?? "?").replace(/^.*node_modules\/src\//, "drizzle-orm/src/").replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "").replace(root + "/", "");
    const layer = at.source?.includes("node_modules/") ? source.split("/").slice(0, source.startsWith("@") ? 2 : 1).join("/") : source.split("/").slice(0, 2).join("/");
    // the map's name at the function's start (the bundle is minified: V8's own name reads `a3t`), else V8's
    return { key: `${at.name || functionName || "(anonymous)"} ${source}:${at.line}`, layer };
  };
}
