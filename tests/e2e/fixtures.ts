import { test as base, expect } from "@playwright/test";

/**
 * Every page in every browser test fails its test on a console error, an uncaught exception or
 * a CSP violation. A test that expects one says so with `allowConsoleErrors`.
 */
export const test = base.extend<{ pageProblems: string[]; allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  pageProblems: async ({ page, allowConsoleErrors }, provide) => {
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await provide(problems);
    expect(problems, "console errors, page errors or CSP violations").toEqual([]);
  },
});

export { expect };
