import { test as base, expect, type Page } from "@playwright/test";

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

/**
 * Tests that all begin with `start` on their page and must end without a page problem: each
 * names its title and what it does after the start, which it is handed what the start gave.
 */
export function testFrom<S>(start: (page: Page) => Promise<S>) {
  return (title: string, body: (page: Page, started: S) => Promise<void>) =>
    test(title, async ({ page, pageProblems }) => {
      const started = await start(page);
      await body(page, started);
      expect(pageProblems).toEqual([]);
    });
}

export { expect };
