import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { axeViolations, guestSentTo, registerThroughPage, sticksOut } from "./helpers";

/** The VIP and fee pages (issue 19 item 5; docs/decisions/713). */
const tiers = (page: Page) => page.getByTestId("vip-tiers").locator("tbody tr");

for (const theme of ["white", "black"] as const) {
  test(`the VIP levels and the fee schedule render and pass axe in the ${theme} theme`, async ({ page, pageProblems }) => {
    await page.context().addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL as string }]);
    await page.goto("/vip/vipIntroduce");
    await expect(page.locator("html")).toHaveClass(theme);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("VIP levels");
    await expect(tiers(page)).toHaveCount(7);
    await expect(tiers(page).nth(1)).toContainText("VIP 1");
    await expect(page.getByRole("columnheader", { name: "Futures taker" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/fee");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fee schedule");
    await expect(page.getByRole("columnheader", { name: "Spot maker" })).toBeVisible();
    await page.getByRole("tab", { name: "Futures" }).click();
    await expect(page.getByRole("columnheader", { name: "Futures maker" })).toBeVisible();
    await expect(tiers(page).first()).toContainText("0.02%");
    // a guest sees the base rates of a pair and is asked to log in for their own
    await page.getByRole("button", { name: "Show rates" }).click();
    await expect(page.getByTestId("vip-pair-rates")).toHaveText(/^Base rates for BTCUSDT: maker 0\.1%, taker 0\.1%\. Log in/);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });
}

test("the VIP pages speak Arabic right to left, fit a phone, and the detail needs a login", async ({ page, request, pageProblems }) => {
  await page.goto("/ar/vip/vipIntroduce");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مستويات VIP");
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/ar/fee");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("جدول الرسوم");
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ["/vip/vipIntroduce", "/fee", "/ar/fee"]) {
    await page.goto(path);
    await expect(tiers(page)).toHaveCount(7);
    expect(await sticksOut(page), path).toBeLessThanOrEqual(0);
  }
  expect(await guestSentTo(request, "/vip/detail")).toMatch(/\/login\?redirectTo=%2Fvip%2Fdetail/);
  expect(pageProblems).toEqual([]);
});

test("/vip/detail shows the level the operator command set, and /fee marks it and answers its rates", async ({ page, pageProblems }) => {
  const email = `vip-${Date.now()}@example.com`;
  await registerThroughPage(page, email, "Passw0rd!x");
  const out = execFileSync(process.execPath, ["--import", "tsx", "gateway/vip/cli/level.ts", "--email", email, "--level", "2"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });
  expect(JSON.parse(out)).toMatchObject({ granted: 2 });
  // the running gateway applies the grant within a second
  await expect
    .poll(
      async () => {
        await page.goto("/vip/detail");
        return page.getByTestId("vip-level").textContent({ timeout: 10_000 });
      },
      { timeout: 20_000 },
    )
    .toBe("VIP 2");
  await expect(page.getByRole("heading", { level: 2, name: "Towards VIP 3" })).toBeVisible();
  await expect(page.getByLabel("By trading volume")).toBeVisible();
  await expect(page.getByLabel("By asset balance")).toBeVisible();
  await expect(page.getByText("An operator has granted you at least VIP 2.")).toBeVisible();
  await expect(page.getByTestId("vip-volume-chart")).toBeVisible();
  await page.getByRole("tab", { name: "Table" }).click();
  await expect(page.getByTestId("vip-volume-table").locator("tbody tr")).toHaveCount(30);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/fee");
  await expect(page.getByTestId("vip-tier-mine")).toContainText("VIP 2");
  await expect(page.getByTestId("vip-tier-mine")).toContainText("Your level");
  await page.getByRole("button", { name: "Show rates" }).click();
  await expect(page.getByTestId("vip-pair-rates")).toHaveText("Your rates for BTCUSDT: maker 0.08%, taker 0.095%.");
  await page.getByRole("radio", { name: "Futures" }).check();
  await page.getByRole("button", { name: "Show rates" }).click();
  await expect(page.getByTestId("vip-pair-rates")).toHaveText("Your rates for BTCUSDT: maker 0.016%, taker 0.05%.");
  expect(pageProblems).toEqual([]);
});
