import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX, createNodeResolver } from "eslint-plugin-import-x";
import globals from "globals";

const TESTS = ["**/*.test.{ts,tsx}", "tests/**", "bench/**", "**/testing/**"];

/**
 * The house's directions (docs/decisions/016). In app/: routes -> components -> lib, never back;
 * the root module is imported by nobody. app/ and gateway/ share only protocol/; server/ starts
 * the app but imports none of its modules.
 */
const ROUTES = { regex: "^~/routes/", message: "Only Remix imports routes: move what is shared into ~/lib (docs/decisions/016)." };
const ROOT = { regex: "^~/root$", message: "Nothing imports the root module: read its data with useRootData() from ~/lib/root-data." };
const COMPONENTS = { regex: "^~/components/", message: "lib/ sits below components/: move the shared part into ~/lib." };
const PARENT_IN_APP = {
  regex: "^(\\.\\./)+(?!\\.\\./|protocol/|gateway/|server/|tests/)",
  message: "Inside app/, reach another folder through the ~/ alias.",
};
const GATEWAY = { regex: "(^|/)gateway/", message: "app/ and server/ talk to the gateway over HTTP; shared constants live in protocol/." };
const APP = { regex: "(^|/)app/|^~/", message: "The gateway and the web server do not import the app; shared code belongs in protocol/." };
const SERVER = { regex: "(^|/)server/", message: "The gateway does not import the web server." };
const restrict = (...patterns) => ["error", { patterns }];

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".data/", "test-results/", "playwright-report/", "bench/results/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({ tsconfig: { configFile: "./tsconfig.json" }, extensions: [".ts", ".tsx", ".js", ".json"] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      // i18next's language is the locale KEY (`asia`, `ph`, `zh-TC`): Intl needs the BCP 47 tag.
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='i18n'][property.name='language']",
          message: "Use usePagePrefs().intl (the BCP 47 tag) for Intl; the i18next language is the locale key.",
        },
      ],
      // A circle of imports, type-only ones included, fails the build.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(ROOT, GATEWAY, PARENT_IN_APP) } },
  // Standalone bundles are a top layer beside routes (docs/decisions/019): components and lib, never routes.
  { files: ["app/standalone/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(ROOT, ROUTES, GATEWAY, PARENT_IN_APP) } },
  { files: ["app/components/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(ROOT, ROUTES, GATEWAY, PARENT_IN_APP) } },
  {
    files: ["app/lib/**/*.{ts,tsx}", "app/utils/**/*.ts", "app/load-context.ts"],
    rules: { "no-restricted-imports": restrict(ROOT, ROUTES, COMPONENTS, GATEWAY, PARENT_IN_APP) },
  },
  { files: ["server/**/*.ts"], rules: { "no-restricted-imports": restrict(APP, GATEWAY) } },
  { files: ["protocol/**/*.ts"], rules: { "no-restricted-imports": restrict(APP, SERVER, GATEWAY) } },
  {
    files: ["gateway/**/*.ts"],
    rules: { "no-restricted-imports": restrict(APP, SERVER) },
  },
  // Tests may reach across the seams they test (a browser-side test against the gateway's keys).
  { files: TESTS, rules: { "no-restricted-imports": "off" } },
);
