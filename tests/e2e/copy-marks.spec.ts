import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { COPY_PATHS } from "../../protocol/copy";
import { MIX_PRIVATE } from "../../protocol/mix";
import { Client, makeKey } from "../../gateway/exchange/testing/harness";
import { expect, test, testFrom } from "./fixtures";
import { axeViolations, guestSentTo, registerThroughPage, sticksOut, storedItem } from "./helpers";
import { futuresOrder, openFutures } from "../setup/futures";

/**
 * Copies on the screens (docs/decisions/358): a lead and a follower set up through the API, the
 * lead trades, and the follower's futures screen shows the copied position and order marked as a
 * copy; the copy statement on /record/copy-trading lists the closed copy and its CSV downloads.
 */
type Tracks = { trackingList: Array<Record<string, string>> };
const Q = "productType=USDT-FUTURES";

const ok = async <R extends { body: { code: string; msg: string } }>(call: Promise<R>): Promise<R> => {
  const r = await call;
  expect(r.body.code, r.body.msg).toBe("00000");
  return r;
};

/** A follower registered through the page (an API key of theirs for the setup), and a lead trader following nobody. */
async function leadAndFollower(page: Page) {
  await registerThroughPage(page, `copy-${Date.now()}@example.com`, "Passw0rd!x");
  const base = test.info().project.use.baseURL as string;
  const dir = process.env.E2E_DATA_DIR as string;
  const fol = new Client(base, makeKey(dir, (await storedItem(page, "common:globalUserId")) as string));
  const leadId = `copy-lead-${Date.now()}`;
  const lead = new Client(base, makeKey(dir, leadId));
  for (const c of [lead, fol]) {
    await openFutures(c);
    await ok(c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "2000", coin: "USDT" }));
  }
  const leadName = `Marks ${Date.now() % 1e9}`;
  await ok(lead.post(COPY_PATHS.traderApply, { profitShareRatio: "0.1", nickName: leadName }));
  await ok(
    fol.post(COPY_PATHS.followerSettings, {
      traderId: leadId,
      settings: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", traceType: "percent", traceValue: "100" }],
    }),
  );
  return { lead, fol, leadId, leadName };
}

const copyTest = testFrom(leadAndFollower);
const panels = (page: Page) => page.getByRole("region", { name: "Positions and orders" });

copyTest(
  "a lead's trade shows on the follower's futures screen as a copy, and in the copy statement with its CSV",
  async (page, { lead, fol, leadName }) => {
    await ok(futuresOrder(lead, "buy", "0.01", "market", { tradeSide: "open" }));
    // the copy runs right after the lead's fill is durable
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);

    await page.goto("/futures/usdt/BTCUSDT");
    const positions = panels(page).getByTestId("positions");
    await expect(positions.locator("tbody tr")).toHaveCount(1);
    await expect(positions.locator("tbody tr").getByTestId("copy-mark")).toHaveText("Copy");
    await panels(page).getByRole("tab", { name: "Order history" }).click();
    const history = panels(page).getByTestId("futures-history").locator("tbody tr");
    await expect(history).toHaveCount(1);
    await expect(history.getByTestId("copy-mark")).toHaveText("Copy");

    // the lead closes: the copy closes with it and goes to the statement
    await ok(futuresOrder(lead, "buy", "0.01", "market", { tradeSide: "close" }));
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);
    await expect(positions.locator("tbody tr")).toHaveCount(0);

    await page.goto("/record/copy-trading");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Copy trading records");
    await expect(page.getByRole("navigation", { name: "Records" }).getByRole("link", { name: "Copy trading records" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const rows = page.getByTestId("records-copies").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("record-traderName")).toHaveText(leadName);
    await expect(rows.getByTestId("record-posSide")).toHaveText("Long");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const text = readFileSync((await (await download).path()) as string, "utf8");
    const [header, line] = text.slice(1).trim().split("\r\n");
    expect(header).toBe(
      "closeTime,traderName,symbol,posSide,openPriceAvg,openTime,closePriceAvg,closeSize,netProfit,profitShare,stopType,trackingNo",
    );
    expect(line!.split(",").slice(1, 4)).toEqual([leadName, "BTCUSDT", "long"]);
    expect(line!.split(",")[7]).toBe("0.010000");
  },
);

copyTest(
  "a copy the follower cannot pay for is refused, and the copy log names the lead and gives the gateway's reason",
  async (page, { lead, fol, leadName }) => {
    // the follower's futures funds go back to spot: nothing is left to open the copy with
    await ok(fol.post(MIX_PRIVATE.walletTransfer, { fromType: "usdt_futures", toType: "spot", amount: "2000", coin: "USDT" }));
    await ok(futuresOrder(lead, "buy", "0.01", "market", { tradeSide: "open" }));
    await expect
      .poll(async () => (await fol.get<{ recordList: unknown[] }>(COPY_PATHS.followerCopyRecords)).body.data.recordList.length)
      .toBe(1);

    await page.goto("/record/copy-trading");
    await page.getByRole("tab", { name: "Copy log", exact: true }).click();
    const row = page.getByTestId("records-copyLog").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("record-traderName")).toHaveText(leadName);
    await expect(row.getByTestId("record-action")).toHaveText("Open");
    await expect(row.getByTestId("record-posSide")).toHaveText("Long");
    await expect(row.getByTestId("record-status")).toHaveText("Refused");
    await expect(row.getByTestId("record-code")).toHaveText(/^\d{5}$/);
    await expect(row.getByTestId("record-msg")).toHaveText(/\w{3}/);
    // no order was made for it
    await expect(row.getByTestId("record-orderId")).toHaveText("—");
    // the log takes no pair (its endpoint pages by cursor alone): no pair choice with "All" alone
    await expect(page.getByRole("combobox", { name: "Pair" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  },
);

test("the copy statement page passes axe in both themes, reads right to left in Arabic, fits a phone and sends guests to log in", async ({
  page,
  request,
  pageProblems,
}) => {
  expect(await guestSentTo(request, "/record/copy-trading")).toBe(`/login?redirectTo=${encodeURIComponent("/record/copy-trading")}`);
  await registerThroughPage(page, `copy-page-${Date.now()}@example.com`, "Passw0rd!x");
  const baseURL = test.info().project.use.baseURL as string;
  for (const theme of ["white", "black"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL }]);
    await page.goto("/record/copy-trading");
    await expect(page.locator("html")).toHaveClass(theme);
    await expect(page.getByText("Nothing in this range.")).toBeVisible();
    expect(await axeViolations(page), theme).toEqual([]);
  }
  await page.goto("/ar/record/copy-trading");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("سجلات نسخ التداول");
  await expect(page.getByRole("tab", { name: "نسخي" })).toHaveAttribute("aria-selected", "true");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/record/copy-trading");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  expect(pageProblems).toEqual([]);
});
