import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering the README's architecture table describes, checked on every run:
 * imports run one way (routes → components → auth → models → infrastructure) and
 * never in a circle. Type-only imports are erased at build time and may point up
 * (a component names the shape of a model's row), so they are left out of both checks.
 */
const root = path.resolve(__dirname, "../..");
const app = path.join(root, "app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
const platformTargets = ["app/.server/platform/node.ts", "app/.server/platform/workers.ts"];
const renderTargets = ["app/.server/render/node.tsx", "app/.server/render/workers.tsx"];

function resolve(from: string, spec: string): string[] {
  if (spec === "#platform") return platformTargets.map((p) => path.join(root, p));
  if (spec === "#render") return renderTargets.map((p) => path.join(root, p));
  if (spec === "#edge-entries") return ["app/edge-entries.server.ts", "app/no-edge-entries.server.ts"].map((p) => path.join(root, p));
  let base: string;
  if (spec.startsWith("~/")) base = path.join(app, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return [];
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return [candidate];
  }
  return [];
}

/** Runtime imports of every app module (type-only ones dropped). */
const graph = new Map<string, string[]>();
for (const file of sourceFiles(app)) {
  const text = fs.readFileSync(file, "utf8");
  const targets: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[1]) continue;
    targets.push(...resolve(file, match[2]!).filter((t) => t.startsWith(app)));
  }
  graph.set(file, targets);
}
const rel = (file: string) => path.relative(root, file);

/** The layer a module belongs to, by where it lives. */
function layerOf(file: string) {
  const r = path.relative(app, file);
  if (r.startsWith(".server/")) return "infrastructure";
  if (r.startsWith("lib/")) return "lib";
  if (r.startsWith("models/")) return "models";
  if (r.startsWith("seed/")) return "seed";
  if (r.startsWith("auth/")) return "auth";
  if (r.startsWith("components/")) return "components";
  if (r.startsWith("routes/")) return "routes";
  return "entry";
}

/** What each layer may import at run time (besides packages and itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  lib: [],
  infrastructure: ["lib"],
  models: ["infrastructure", "lib"],
  seed: ["models", "infrastructure", "lib"],
  auth: ["models", "infrastructure", "lib", "entry"],
  components: ["lib"],
  routes: ["components", "auth", "models", "infrastructure", "lib", "entry"],
  entry: ["routes", "components", "auth", "seed", "models", "infrastructure", "lib", "entry"],
};

describe("the architecture", () => {
  it("has every import pointing down a layer, never up", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !MAY_IMPORT[from]!.includes(to)) upward.push(`${rel(file)} (${from}) → ${rel(target)} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("lets only the app's entries and auth (through services.server.ts) reach above the models", () => {
    const entries = [...graph.keys()].filter((f) => layerOf(f) === "entry").map(rel).sort();
    expect(entries).toEqual([
      "app/edge-entries.server.ts",
      "app/entry.client.tsx",
      "app/entry.server.tsx",
      "app/no-edge-entries.server.ts",
      "app/root.tsx",
      "app/services.server.ts",
    ]);
  });

  it("has no import cycle", () => {
    // Tarjan's strongly connected components: any component of two or more modules is a cycle
    let index = 0;
    const indices = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string) => {
      indices.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!indices.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
      if (low.get(v) === indices.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(rel(w));
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!indices.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });

  it("never lets page code read a value from a server-only module (the browser build empties those)", () => {
    const pages = [...graph.keys()].filter((f) => /\.tsx$/.test(f) && !/\.server\.tsx$/.test(f) && ["routes", "components"].includes(layerOf(f)));
    const serverOnly = (spec: string) => /\.server(\/|$)/.test(spec) || spec.startsWith("~/.server");
    // the bodies of loaders, actions and other server-side helpers (async, or lower-case functions) are not page code
    const pageCode = (text: string) => {
      const starts = /^export async function \w+|^async function \w+|^function [a-z]\w*/gm;
      const spans: Array<[number, number]> = [];
      for (const m of text.matchAll(starts)) {
        let depth = 0;
        let j = text.indexOf("{", text.indexOf(")", m.index));
        for (; j < text.length; j++) {
          if (text[j] === "{") depth++;
          else if (text[j] === "}" && --depth === 0) break;
        }
        spans.push([m.index!, j + 1]);
      }
      let out = text;
      for (const [a, b] of spans.reverse()) out = out.slice(0, a) + out.slice(b);
      return out.replace(/^import[\s\S]*?from\s+["'][^"']+["'];?$/gm, "");
    };
    const found: string[] = [];
    for (const file of pages) {
      const text = fs.readFileSync(file, "utf8");
      const names = [...text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+["']([^"']+)["'];?$/gm)]
        .filter((m) => serverOnly(m[2]!))
        .flatMap((m) => m[1]!.split(",").map((p) => p.trim()).filter((p) => p && !p.startsWith("type ")))
        .map((p) => p.split(/\s+as\s+/).pop()!);
      const code = pageCode(text);
      for (const name of names) {
        const used = code.replace(new RegExp(`typeof\\s+${name}\\b`, "g"), "");
        const shadowed = new RegExp(`(const|let)\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=|(const|let)\\s+${name}\\b`).test(used);
        // a reference, not a property (.name), an object key or a JSX attribute (name: / name=)
        if (!shadowed && new RegExp(`(?<![.\\w])${name}\\b(?!\\s*[:=](?!=))`).test(used)) found.push(`${rel(file)}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
