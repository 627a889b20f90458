import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/.server/db/schema.ts",
  // wrangler.toml's migrations_dir names the same folder
  out: "./migrations",
});
