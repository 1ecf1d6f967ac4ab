import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".data/", "test-results/", "playwright-report/", "bench/results/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      // i18next's language is the locale KEY (`asia`, `ph`, `zh-TC`): Intl needs the BCP 47 tag.
      "no-restricted-syntax": ["error", {
        selector: "MemberExpression[object.name='i18n'][property.name='language']",
        message: "Use usePagePrefs().intl (the BCP 47 tag) for Intl; the i18next language is the locale key.",
      }],
    },
  },
);
