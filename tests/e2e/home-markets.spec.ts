import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { axeViolations } from "./helpers";

/** A figure as the page prints it in English ("1,234.5", "+1.23%", "-0.0100%") as a number. */
const figure = (text: string | null) => Number((text ?? "").replace(/[,%+\s]/g, "").replace("−", "-"));

async function openHome(page: Page) {
  await page.goto("/");
  // hydrated: the tabs answer a click only once React runs
  await page.waitForLoadState("networkidle");
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test("futures rows show funding and open interest; the search filters; gainers and losers are lists of risers and fallers", async ({
  page,
  pageProblems,
}) => {
  await openHome(page);
  // the next step for a visitor
  const start = page.getByRole("region", { name: "Start trading in minutes" });
  await expect(start.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  await expect(start.getByRole("link", { name: "Trade BTCUSDT futures" })).toHaveAttribute("href", "/futures/usdt/BTCUSDT");

  await tab(page, "USDT-M futures").click();
  const futures = page.getByRole("region", { name: "USDT-M futures markets" });
  const btc = futures.getByTestId("market-futures-BTCUSDT");
  await expect(btc.getByRole("link", { name: /BTCUSDT/ })).toHaveAttribute("href", "/futures/usdt/BTCUSDT");
  await expect(btc.getByTestId("funding")).toHaveText(/^[+-]?\d+\.\d{4}%$|^0\.0000%$/);
  await expect(btc.getByTestId("open-interest")).toHaveText(/\d/);
  await expect(futures.getByRole("columnheader", { name: "Funding rate" })).toBeVisible();
  await expect(futures.getByRole("columnheader", { name: "Open interest (USDT)" })).toBeVisible();
  // coin icons come from this site
  await expect(btc.locator("img.coin-icon")).toHaveAttribute("src", "/coins/btc.svg");
  expect(await btc.locator("img.coin-icon").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // the four lists of the tab; every gainer has risen and every loser fallen
  for (const name of ["Hot", "Top gainers", "Top losers", "New listings"])
    await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  const changes = async (list: Locator) => (await list.locator("li .num").allTextContents()).map(figure);
  const gainers = page.getByRole("region", { name: "Top gainers" });
  const losers = page.getByRole("region", { name: "Top losers" });
  const up = await changes(gainers);
  const down = await changes(losers);
  expect(up.length + down.length).toBeGreaterThan(0);
  expect(up.every((c) => c > 0)).toBe(true);
  expect(down.every((c) => c < 0)).toBe(true);
  expect(up).toEqual([...up].sort((a, b) => b - a));
  expect(down).toEqual([...down].sort((a, b) => a - b));

  // the search keeps the tab and shows only what matches
  const search = page.getByRole("searchbox", { name: "Search markets" });
  await search.fill("eth/usdt");
  await expect(futures.getByRole("row")).toHaveCount(2);
  await expect(futures.getByTestId("market-futures-ETHUSDT")).toBeVisible();
  await search.fill("zzz");
  await expect(page.getByText("No market matches.")).toBeVisible();
  await search.fill("");
  await tab(page, "Spot").click();
  await expect(page.getByRole("region", { name: "Spot markets" }).getByTestId("market-spot-BTCUSDT")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(pageProblems).toEqual([]);
});

test("a column header sorts the table both ways and says so", async ({ page, pageProblems }) => {
  await openHome(page);
  const spot = page.getByRole("region", { name: "Spot markets" });
  const header = spot.getByRole("columnheader", { name: "Last price" });
  const prices = async () => (await spot.locator("tbody tr td:nth-child(3)").allTextContents()).map(figure);
  await expect(header).not.toHaveAttribute("aria-sort", /./);
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const high = await prices();
  expect(high.length).toBeGreaterThanOrEqual(8);
  expect(high).toEqual([...high].sort((a, b) => b - a));
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const low = await prices();
  expect(low).toEqual([...low].sort((a, b) => a - b));
  // by name, from the keyboard
  const market = spot.getByRole("columnheader", { name: "Market" });
  await market.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(market).toHaveAttribute("aria-sort", "ascending");
  await expect(header).not.toHaveAttribute("aria-sort", /./);
  const names = await spot.locator("tbody th[scope=row]").allTextContents();
  expect(names).toEqual([...names].sort());
  expect(pageProblems).toEqual([]);
});

test("a favourite contract and a favourite pair are kept apart and across a reload", async ({ page, pageProblems }) => {
  await openHome(page);
  await tab(page, "USDT-M futures").click();
  await page.getByRole("button", { name: "Favourite ETHUSDT perpetual" }).click();
  await tab(page, "Spot").click();
  await page.getByRole("button", { name: "Favourite SOLUSDT", exact: true }).click();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await tab(page, "Favourites").click();
  const favs = page.getByRole("region", { name: "Favourite markets" });
  await expect(favs.getByRole("row")).toHaveCount(3);
  await expect(favs.getByTestId("market-futures-ETHUSDT")).toBeVisible();
  await expect(favs.getByTestId("market-spot-SOLUSDT")).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem("common:favoriteContracts"), localStorage.getItem("common:favoriteSymbols")]),
  ).toEqual(["ETHUSDT", "SOLUSDT"]);
  await favs.getByRole("button", { name: "Favourite ETHUSDT perpetual" }).click();
  await expect(favs.getByRole("row")).toHaveCount(2);
  expect(pageProblems).toEqual([]);
});

test("the pair switcher's search finds a futures contract and opens its screen", async ({ page, pageProblems }) => {
  await page.goto("/spot/BTCUSDT");
  await page.waitForLoadState("networkidle");
  await page.locator(".symbol-switcher summary").click();
  await page.getByRole("searchbox", { name: "Search markets" }).fill("eth");
  const switcher = page.locator(".symbol-switcher");
  await expect(switcher.getByRole("link", { name: /^ETH\/USDT/ })).toHaveAttribute("href", "/spot/ETHUSDT");
  const contract = switcher.getByRole("link", { name: /^ETHUSDT Perp/ });
  await expect(contract).toHaveAttribute("href", "/futures/usdt/ETHUSDT");
  // the futures tab lists the contracts, a starred one first
  await page.getByRole("searchbox", { name: "Search markets" }).fill("");
  await switcher.getByRole("tab", { name: "USDT-M futures" }).click();
  await switcher.getByRole("button", { name: "Favourite SOLUSDT perpetual" }).click();
  await expect(switcher.locator(".market-list li").first()).toContainText("SOLUSDT");
  await switcher.getByRole("link", { name: /^ETHUSDT Perp/ }).click();
  await expect(page).toHaveURL("/futures/usdt/ETHUSDT");
  expect(await page.evaluate(() => localStorage.getItem("common:favoriteContracts"))).toBe("SOLUSDT");
  expect(pageProblems).toEqual([]);
});

test("the overview passes axe in the dark theme, futures tab and lists included", async ({ page, pageProblems }) => {
  await page.context().addCookies([{ name: "theme", value: "black", url: test.info().project.use.baseURL as string }]);
  await openHome(page);
  await tab(page, "USDT-M futures").click();
  await expect(page.getByRole("region", { name: "USDT-M futures markets" }).getByTestId("market-futures-BTCUSDT")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(pageProblems).toEqual([]);
});
