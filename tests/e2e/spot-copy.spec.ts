import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { V2 } from "../../protocol/bitget";
import { SPOT_COPY_PATHS } from "../../protocol/spot-copy";
import { Client, makeKey } from "../../gateway/exchange/testing/harness";
import { expect, test, testFrom } from "./fixtures";
import { registerThroughPage, storedItem } from "./helpers";

/**
 * Spot copy trading's screens (docs/decisions/362): a spot lead set up through the API appears on
 * /copy-trading under "Spot"; a follower registered through the page follows it from its profile
 * (Bitget's spot settings, a confirm step), the lead's spot buy shows on the follower's spot screen
 * marked "Copy", the lead's sale ends the copy in the spot statement with its CSV, and the follower
 * unfollows. A non-lead's statements page shows no lead lists, makes no failing call and says why.
 */
type Tracks = { trackingList: Array<Record<string, string>> };

const ok = async <R extends { body: { code: string; msg: string } }>(call: Promise<R>): Promise<R> => {
  const r = await call;
  expect(r.body.code, r.body.msg).toBe("00000");
  return r;
};

async function spotLeadAndFollower(page: Page) {
  await registerThroughPage(page, `scopy-${Date.now()}@example.com`, "Passw0rd!x");
  const base = test.info().project.use.baseURL as string;
  const dir = process.env.E2E_DATA_DIR as string;
  const fol = new Client(base, makeKey(dir, (await storedItem(page, "common:globalUserId")) as string));
  const leadId = `scopy-lead-${Date.now()}`;
  const lead = new Client(base, makeKey(dir, leadId));
  expect((await lead.get(V2.assets)).body.code).toBe("00000");
  // its display name (docs/decisions/363) is what the screens show; the id stays in links
  const leadName = `Spot ${Date.now() % 1e9}`;
  await ok(lead.post(SPOT_COPY_PATHS.traderApply, { profitShareRatio: "0.1", nickName: leadName }));
  return { lead, fol, leadId, leadName };
}

const spotCopyTest = testFrom(spotLeadAndFollower);
const account = (page: Page) => page.getByRole("region", { name: "Your orders and balances" });

spotCopyTest(
  "a spot lead is listed under Spot, followed from its profile; its trade is a Copy on the follower's spot screen and in the spot statement",
  async (page, { lead, fol, leadId, leadName }) => {
    // the list's Spot switch shows the spot lead (not on the futures list)
    await page.goto("/copy-trading");
    await expect(page.getByTestId(`copy-trader-${leadId}`)).toHaveCount(0);
    await page.getByTestId("copy-product-spot").click();
    await expect(page).toHaveURL(/product=spot/);
    await expect(page.getByTestId("copy-product-spot")).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("heading", { level: 2, name: "Spot lead traders" })).toBeVisible();
    await page.getByTestId(`copy-trader-${leadId}`).getByRole("link", { name: leadName, exact: true }).click();

    // its profile: spot figures and holdings; follow with a multiple, take profit, then confirm
    await expect(page).toHaveURL(new RegExp(`/copy-trading/trader/${leadId}\\?product=spot`));
    await expect(page.getByTestId("copy-trader-name")).toHaveText(`${leadName} — spot lead trader`);
    await expect(page.getByRole("heading", { name: "Holdings" })).toBeVisible();
    await page.getByTestId("copy-follow").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Follow ${leadName} on spot` })).toBeVisible();
    await dialog.getByTestId("scopy-follow-value").fill("20");
    await expect(dialog.getByRole("alert")).toHaveText("Enter a multiple from 0.01 to 10, at most two decimals.");
    await expect(dialog.getByRole("button", { name: "Review" })).toHaveAttribute("aria-disabled", "true");
    await dialog.getByTestId("scopy-follow-value").fill("1");
    await dialog.getByTestId("scopy-follow-tp").fill("50");
    await dialog.getByRole("button", { name: "Review" }).click();
    await expect(dialog.getByTestId("scopy-follow-summary")).toContainText("1 × the lead's amount");
    await expect(dialog.getByTestId("scopy-summary-tp")).toHaveText("50 % of the copy's cost");
    await dialog.getByRole("button", { name: "Confirm follow" }).click();
    await expect(page.getByText(`You now follow ${leadName} on spot.`)).toBeVisible();
    await expect(page.getByTestId("copy-following")).toBeVisible();
    const settings = await fol.get<{ detailList: Array<Record<string, string>> }>(
      `${SPOT_COPY_PATHS.followerQuerySettings}?traderId=${leadId}`,
    );
    expect(settings.body.data.detailList).toEqual([
      expect.objectContaining({ symbol: "BTCUSDT", traceType: "percent", traceValue: "1.000000", stopSurplusRatio: "50" }),
    ]);
    // "Change settings" starts from them
    await page.getByTestId("copy-edit").click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByTestId("scopy-follow-value")).toHaveValue("1");
    await expect(edit.getByTestId("scopy-follow-tp")).toHaveValue("50");
    await expect(edit.getByRole("checkbox", { name: "BTCUSDT" })).toBeChecked();
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // the lead buys BTC: the follower's copy is on its spot screen, marked "Copy"; the lead's own order is not
    await ok(lead.post(V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "300" }));
    await expect.poll(async () => (await fol.get<Tracks>(SPOT_COPY_PATHS.followerCurrentOrders)).body.data.trackingList.length).toBe(1);
    await page.goto("/spot/BTCUSDT");
    await account(page).getByRole("tab", { name: "Order history" }).click();
    const history = page.getByTestId("order-history").locator("tbody tr");
    await expect(history).toHaveCount(1);
    await expect(history.getByTestId("copy-mark")).toHaveText("Copy");
    await account(page).getByRole("tab", { name: "Trade history" }).click();
    const fills = page.getByTestId("fills").locator("tbody tr");
    await expect(fills.first()).toBeVisible();
    await expect(fills.getByTestId("copy-mark").first()).toHaveText("Copy");

    // the lead sells all: the copy is sold and goes to the spot statement, with its CSV
    const btc = (await lead.get<Array<Record<string, string>>>(`${V2.assets}?coin=BTC`)).body.data.find((a) => a.coin === "BTC");
    const size = btc?.available ?? "0";
    await ok(
      lead.post(V2.placeOrder, { symbol: "BTCUSDT", side: "sell", orderType: "market", size: size.slice(0, size.indexOf(".") + 7) }),
    );
    await expect.poll(async () => (await fol.get<Tracks>(SPOT_COPY_PATHS.followerHistoryOrders)).body.data.trackingList.length).toBe(1);
    await page.goto("/record/copy-trading");
    await page.getByRole("tab", { name: "Spot copies" }).click();
    const rows = page.getByTestId("records-spotCopies").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("record-traderName")).toHaveText(leadName);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const text = readFileSync((await (await download).path()) as string, "utf8");
    const [header, line] = text.slice(1).trim().split("\r\n");
    expect(header).toBe(
      "sellTime,traderName,symbol,buyPrice,buyTime,sellPrice,fillSize,achievedPL,profitShare,netProfit,stopType,trackingNo",
    );
    expect(line!.split(",").slice(1, 3)).toEqual([leadName, "BTCUSDT"]);

    // unfollow from the profile, with its confirm step
    await page.goto(`/copy-trading/trader/${leadId}?product=spot`);
    await page.getByTestId("copy-unfollow").click();
    await expect(page.getByRole("dialog")).toContainText("The coins your copies bought stay in your spot account as your own.");
    await page.getByRole("dialog").getByRole("button", { name: "Unfollow" }).click();
    await expect(page.getByText(`You no longer follow ${leadName} on spot.`)).toBeVisible();
    await expect(page.getByTestId("copy-follow")).toBeVisible();
    expect((await fol.get<unknown[]>(SPOT_COPY_PATHS.followerTraders)).body.data).toEqual([]);
  },
);

test("a non-lead's copy statements show no lead lists, make no failing call, and say how to lead", async ({ page, pageProblems }) => {
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400 && r.url().includes("/api/")) failed.push(`${r.status()} ${r.url()}`);
  });
  await registerThroughPage(page, `scopy-none-${Date.now()}@example.com`, "Passw0rd!x");
  await page.goto("/record/copy-trading");
  await expect(page.getByTestId("copy-not-lead")).toContainText("You are not a lead trader");
  await expect(page.getByTestId("copy-not-lead").getByRole("link", { name: "Apply to lead on the copy trading page" })).toHaveAttribute(
    "href",
    "/copy-trading",
  );
  const tabs = page.getByRole("tablist").getByRole("tab");
  await expect(tabs).toHaveText(["My copies", "Copy log", "Spot copies", "Spot copy log"]);
  // an address naming a lead list falls back to a list the account may read
  await page.goto("/record/copy-trading?tab=share");
  await expect(page.getByTestId("copy-not-lead")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Profit share earned" })).toHaveCount(0);
  // the copy pages ask for the roles, not for a profile that answers "not a lead"
  await page.goto("/copy-trading?product=spot");
  await expect(page.getByTestId("copy-apply")).toBeVisible();
  expect(failed).toEqual([]);
  expect(pageProblems).toEqual([]);
});
