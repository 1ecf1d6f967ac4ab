import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { SPOT_COPY_PATHS } from "../../protocol/spot-copy";
import { Client, makeKey } from "../../gateway/exchange/testing/harness";
import { expect, test, testFrom } from "./fixtures";
import { axeViolations, registerThroughPage, sticksOut, storedItem } from "./helpers";

/**
 * A lead's display name on its own profile (docs/decisions/363): the "Your display name" form passes
 * axe in both themes, reads right to left in Arabic and fits a phone; another lead's name in another
 * case is refused beside the field, and a good one becomes the page's heading.
 */
async function signedInLead(page: Page) {
  await registerThroughPage(page, `lname-${Date.now()}@example.com`, "Passw0rd!x");
  const base = test.info().project.use.baseURL as string;
  const dir = process.env.E2E_DATA_DIR as string;
  const userId = (await storedItem(page, "common:globalUserId")) as string;
  const me = new Client(base, makeKey(dir, userId));
  const other = new Client(base, makeKey(dir, `lname-other-${Date.now()}`));
  const otherName = `Other ${Date.now() % 1e9}`;
  for (const c of [me, other]) expect((await c.get(V2.assets)).body.code).toBe("00000");
  expect((await other.post(SPOT_COPY_PATHS.traderApply, { nickName: otherName })).body.code).toBe("00000");
  expect((await me.post(SPOT_COPY_PATHS.traderApply, {})).body.code).toBe("00000");
  return { userId, otherName };
}

const nameTest = testFrom(signedInLead);

nameTest(
  "a lead's own display-name form: accessible in both themes, RTL and on a phone; a taken name refused beside it",
  async (page, s) => {
    const baseURL = test.info().project.use.baseURL as string;
    const profile = `/copy-trading/trader/${s.userId}?product=spot`;
    const own = page.getByRole("form", { name: "Your display name" });
    for (const theme of ["white", "black"] as const) {
      await page.context().addCookies([{ name: "theme", value: theme, url: baseURL }]);
      await page.goto(profile);
      await expect(page.locator("html")).toHaveClass(theme);
      await expect(own.getByLabel("Display name")).toHaveValue(/^Trader-/);
      expect(await axeViolations(page), theme).toEqual([]);
    }

    await own.getByLabel("Display name").fill(s.otherName.toUpperCase());
    await own.getByRole("button", { name: "Save name" }).click();
    await expect(own.getByText("Another trader already uses this name")).toBeVisible();
    await expect(own.getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
    const mine = `Mine ${Date.now() % 1e9}`;
    await own.getByLabel("Display name").fill(mine);
    await own.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your display name is saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("copy-trader-name")).toHaveText(`${mine} — spot lead trader`);
    await expect(page).toHaveTitle(new RegExp(mine));

    await page.goto(`/ar${profile}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("form", { name: "اسمك المعروض" }).getByLabel("الاسم المعروض")).toHaveValue(mine);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(profile);
    await expect(own).toBeVisible();
    expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  },
);
