import os from "node:os";
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
    // Vitest's default is one fork less than the cores: on CI's two cores that is one, and the files
    // wait on SQLite and workerd as much as on the CPU (two forks: 210 → 164 s on this machine)
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
