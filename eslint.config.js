import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "public/build/", "dist/", ".wrangler/", ".data/", "node_modules/", "cms/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Classic zod (~93 KiB gzip, not tree-shakeable) alone breaks the 100 KiB page budget
    // (docs/decisions/023): code that can reach the browser uses zod/mini.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**", "app/**/*.server.{ts,tsx}", "app/routes/api.*", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: 'Use `import * as z from "zod/mini"` outside server-only files: classic zod puts ~93 KiB on every page with a form (docs/decisions/023 has the conversion guide).',
            },
          ],
          patterns: [{ regex: "^zod/(v3|v4(/classic)?)$", allowTypeImports: true, message: "Use \"zod/mini\" (docs/decisions/023)." }],
        },
      ],
    },
  },
  {
    // Server code may use classic zod, as a namespace: the `z` object it exports holds every
    // locale (~260 KiB), which the Worker bundle would then carry whole (issue #16, item 6)
    files: ["app/.server/**", "app/**/*.server.{ts,tsx}", "app/routes/api.*"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
          message: 'Use `import * as z from "zod"`: the `z` object keeps every locale in the bundle.',
        },
      ],
    },
  },
  {
    // Playwright reads fixtures from the destructuring pattern; `{}` asks for none
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
);
