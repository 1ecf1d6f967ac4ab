/**
 * Copy trading's pages (docs/decisions/357): a funded futures trader applies to lead on
 * /copy-trading, a second account follows that lead with a ratio from the lead's profile (with the
 * confirm step), then unfollows; the profile is server-rendered and listed in the sitemap.
 */
import { expect, test } from "@playwright/test";
import { newFuturesTrader, recordToasts } from "./helpers";

test("apply to lead, follow with a ratio, unfollow", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const leadCtx = await browser.newContext();
  const lead = await leadCtx.newPage();
  await newFuturesTrader(lead, "/futures/usdt/BTCUSDT", "300");
  await lead.goto("/copy-trading");
  await expect(lead.getByRole("heading", { level: 1, name: "Copy trading" })).toBeVisible();
  await lead.getByRole("button", { name: "Apply to lead" }).click();
  const apply = lead.getByRole("dialog", { name: "Apply to lead" });
  // a rate above the ceiling is refused before it is sent
  await apply.getByLabel("Profit share").fill("12");
  await expect(apply.getByRole("alert")).toContainText("0 to 10 %");
  await apply.getByLabel("Profit share").fill("5");
  // the display name (docs/decisions/363): the nickname rule beside the field, before anything is sent
  const name = `Lead ${Date.now() % 1e9}`;
  await apply.getByLabel("Display name").fill("<b>");
  await expect(apply.getByText("Use 2 to 20 letters, digits")).toBeVisible();
  await expect(apply.getByRole("button", { name: "Apply" })).toHaveAttribute("aria-disabled", "true");
  await apply.getByLabel("Display name").fill(name);
  await apply.getByRole("button", { name: "Apply" }).click();
  await expect(lead.getByRole("status").filter({ hasText: "You are a lead trader now." })).toBeVisible();
  const mine = lead.getByRole("link", { name: "My lead profile" });
  await expect(mine).toBeVisible();
  const href = (await mine.getAttribute("href"))!;
  const traderId = decodeURIComponent(href.split("/").pop()!);
  await mine.click();
  await expect(lead.getByTestId("copy-trader-name")).toHaveText(name);
  await expect(lead.getByText("profit share 5.00%")).toBeVisible();

  // the profile is in the server's HTML, and the sitemap lists it
  const html = await (await request.get(href)).text();
  expect(html).toContain(`${name} — lead trader profile`);
  expect(html).toContain('data-testid="copy-periods"');
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/copy-trading/trader/${encodeURIComponent(traderId)}</loc>`);

  const folCtx = await browser.newContext();
  const fol = await folCtx.newPage();
  const toasts = await recordToasts(fol);
  await newFuturesTrader(fol, "/futures/usdt/BTCUSDT", "300");
  await fol.goto("/copy-trading?sortBy=followers");
  await expect(fol.getByTestId(`copy-trader-${traderId}`)).toBeVisible();
  await fol.getByTestId(`copy-trader-${traderId}`).getByRole("link", { name, exact: true }).click();
  await expect(fol.getByTestId("copy-followers")).toHaveText("0 / 100");
  await fol.getByRole("button", { name: "Follow", exact: true }).click();
  const follow = fol.getByRole("dialog", { name: `Follow ${name}` });
  await follow.getByLabel("Ratio", { exact: true }).fill("50");
  await follow.getByLabel("Total loss limit").fill("100");
  // take profit and stop loss are shares of each copy's margin: a stop loss above 100 % is refused in the form
  await follow.getByLabel("Take profit").fill("50");
  await follow.getByLabel("Stop loss").fill("150");
  await expect(follow.getByRole("alert")).toContainText("up to 100 % of the margin");
  await expect(follow.getByRole("button", { name: "Review" })).toHaveAttribute("aria-disabled", "true");
  await follow.getByLabel("Stop loss").fill("20");
  await follow.getByRole("button", { name: "Review" }).click();
  const confirm = fol.getByRole("dialog", { name: `Confirm: follow ${name}` });
  await expect(confirm.getByTestId("copy-follow-summary")).toContainText("50 % of the trader's size");
  await expect(confirm.getByTestId("copy-follow-summary")).toContainText("BTCUSDT");
  await expect(confirm.getByTestId("copy-follow-summary")).toContainText("100 USDT");
  await expect(confirm.getByTestId("copy-summary-tp")).toHaveText("50 % of the margin");
  await expect(confirm.getByTestId("copy-summary-sl")).toHaveText("20 % of the margin");
  await confirm.getByRole("button", { name: "Confirm follow" }).click();
  await expect(fol.getByTestId("copy-following")).toBeVisible();
  await expect(fol.getByTestId("copy-followers")).toHaveText("1 / 100");
  // "Change settings" starts from the follow's current settings
  await fol.getByTestId("copy-edit").click();
  const edit = fol.getByRole("dialog", { name: `Follow ${name}` });
  await expect(edit.getByLabel("Ratio", { exact: true })).toHaveValue("50");
  await expect(edit.getByLabel("Total loss limit")).toHaveValue("100");
  await expect(edit.getByLabel("Take profit")).toHaveValue("50");
  await expect(edit.getByLabel("Stop loss")).toHaveValue("20");
  await expect(edit.getByRole("checkbox", { name: "BTCUSDT" })).toBeChecked();
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(fol.getByRole("dialog")).toHaveCount(0);

  // the lead sees its follower on its own profile
  await lead.reload();
  await expect(lead.getByTestId("copy-followers")).toHaveText("1 / 100");

  await fol.getByRole("button", { name: "Unfollow" }).click();
  const unfollow = fol.getByRole("dialog", { name: `Unfollow ${name}` });
  await unfollow.getByRole("radio", { name: "Close them at market now" }).check();
  await unfollow.getByRole("button", { name: "Unfollow" }).click();
  await expect(fol.getByRole("button", { name: "Follow", exact: true })).toBeVisible();
  await expect(fol.getByTestId("copy-followers")).toHaveText("0 / 100");
  expect(await toasts()).toEqual(
    expect.arrayContaining([`You now follow ${name}.`, `You no longer follow ${name}; the open copies were closed.`]),
  );

  // the lead changes its display name on its own profile: a bad one is said beside the field
  const own = lead.getByRole("form", { name: "Your display name" });
  await own.getByLabel("Display name").fill(" x ");
  await own.getByRole("button", { name: "Save name" }).click();
  await expect(own.getByText("Use 2 to 20 letters, digits")).toBeVisible();
  await own.getByLabel("Display name").fill(`${name} 2`);
  await own.getByRole("button", { name: "Save name" }).click();
  await expect(lead.getByRole("status").filter({ hasText: "Your display name is saved." })).toBeVisible();
  await lead.reload();
  await expect(lead.getByTestId("copy-trader-name")).toHaveText(`${name} 2`);

  // in simulation mode the page reads the demo leads: the live lead is not among them
  await lead.goto("/copy-trading");
  await expect(lead.getByTestId(`copy-trader-${traderId}`)).toBeVisible();
  await lead.evaluate(() => localStorage.setItem("common:simulation", "1"));
  await lead.reload();
  await expect(lead.getByRole("note").filter({ hasText: "demo lead traders" })).toBeVisible();
  await expect(lead.getByTestId("copy-empty")).toBeVisible();
  await expect(lead.getByTestId(`copy-trader-${traderId}`)).toHaveCount(0);
  await leadCtx.close();
  await folCtx.close();
});
