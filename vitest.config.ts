import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "cms/seed/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/seeded-template.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
