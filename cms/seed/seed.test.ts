// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { evaluate, parse } from "groq-js";
import { createWorkspaceFromConfig, validateDocument, type SanityClient } from "sanity";
import { describe, expect, it } from "vitest";
import { toNdjson } from "../../app/.server/content/ndjson";
import { schemaTypes } from "../schemaTypes";
import { SEED_DOCUMENTS } from "./documents";

/** Answers the studio's own validation queries (unique slugs) over the seed, like the Content Lake would. */
function localClient(): SanityClient {
  const client = {
    config: () => ({ projectId: "marketplace", dataset: "production", apiVersion: "2025-02-19", url: "http://localhost.invalid/v1" }),
    withConfig: () => client,
    fetch: async (query: string, params: Record<string, unknown> = {}) => {
      // groq-js lacks the Content Lake's sanity::versionOf(); it means "this id or a draft/version of it"
      const groq = query.replace(/sanity::versionOf\((\$\w+)\)/g, '(_id == $1 || _id in path("drafts." + $1) || _id in path("versions.**." + $1))');
      return (await evaluate(parse(groq, { params }), { dataset: SEED_DOCUMENTS, params })).get();
    },
  };
  return client as unknown as SanityClient;
}

/** The studio's workspace offline: no login, the local client above. */
const offlineWorkspace = () =>
  createWorkspaceFromConfig({
    projectId: "marketplace",
    dataset: "production",
    name: "default",
    basePath: "/",
    schema: { types: schemaTypes },
    currentUser: { id: "seed-test", name: "Seed test", email: "seed@example.test", role: "administrator", roles: [{ name: "administrator", title: "Administrator" }] },
    getClient: localClient,
  });

// environment "studio": validation as editors get it when they publish (the CLI only warns on slugs)
describe("the seed dataset", () => {
  it("is what production.ndjson holds, for `sanity dataset import`", () => {
    const file = fs.readFileSync(path.join(__dirname, "production.ndjson"), "utf8");
    expect(file).toBe(toNdjson(SEED_DOCUMENTS));
  });

  it("validates against the studio's schema: required fields, unique slugs, safe links", async () => {
    const workspace = await offlineWorkspace();
    for (const document of SEED_DOCUMENTS) {
      const markers = await validateDocument({
        document: { _createdAt: "2026-01-01T00:00:00Z", _updatedAt: "2026-01-01T00:00:00Z", _rev: "seed", ...document },
        workspace,
        getClient: localClient,
        getDocumentExists: async () => true,
        environment: "studio",
      });
      const errors = markers.filter((m) => m.level === "error").map((m) => `${m.path.join(".")}: ${m.message}`);
      expect(errors, `${document._id}`).toEqual([]);
    }
  });

  it("flags a document that breaks the schema", async () => {
    const workspace = await offlineWorkspace();
    const markers = await validateDocument({
      document: { _id: "page-bad", _type: "page", _createdAt: "", _updatedAt: "", _rev: "x", title: "", slug: { _type: "slug", current: "terms" } } as never,
      workspace,
      getClient: localClient,
      getDocumentExists: async () => true,
      environment: "studio",
    });
    const paths = markers.filter((m) => m.level === "error").map((m) => m.path.join("."));
    expect(paths).toContain("title");
    expect(paths).toContain("body");
    expect(paths).toContain("slug"); // "terms" belongs to another page
  });
});
