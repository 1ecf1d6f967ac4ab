import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { verifyInclusion, type InclusionProof } from "../../protocol/reserves";
import { decodePng } from "../setup/captcha-solver";
import { baseURL } from "../../playwright.config";
import { test, expect } from "./fixtures";
import { axeViolations, recordToasts, registerThroughPage, sticksOut } from "./helpers";

/** The operator's snapshot command on the e2e gateway's data (docs/decisions/333). */
function takeSnapshot(): void {
  const r = spawnSync(process.execPath, ["--import", "tsx", "gateway/reserves/cli/snapshot.ts", "--wait", "20"], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`reserves:snapshot failed: ${r.stderr}`);
}

test("a logged-in user's balance is verified in the browser, step by step, and the proof downloads", async ({ page, pageProblems }) => {
  const toasts = await recordToasts(page);
  await registerThroughPage(page, `por-${Date.now()}@example.com`, "Sup3r-secret");
  // the sub-account page reads the spot balances: the live account opens with its welcome USDT
  await page.goto("/subaccount");
  await expect(page.getByText("Main account: 10,000 USDT available")).toBeVisible();

  await page.goto("/proof-of-reserves");
  await page.getByRole("button", { name: "Verify my balance" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your account is not in the latest snapshot yet; it will be in the next one.");

  takeSnapshot();
  await page.reload();
  const root = await page.getByTestId("root-hash").textContent();
  await expect(page.getByTestId("reserves-table").getByRole("row", { name: /USDT/ })).toBeVisible();
  await page.getByRole("button", { name: "Verify my balance" }).click();
  await expect(page.getByTestId("verify-result")).toHaveText("Verified: your balances are in the tree whose root is published above.");
  await expect(page.getByTestId("my-balances")).toContainText("USDT: 10,000");
  const steps = page.getByTestId("verify-step");
  await expect(steps.first()).toContainText("Commitment from your user ID and salt");
  await expect(steps.last()).toContainText("Same root and totals as the published snapshot");
  await expect(steps.last()).toContainText(root!);
  expect(await steps.filter({ hasText: "failed" }).count()).toBe(0);
  expect(await toasts()).toContain("Your balance is verified");

  // the downloaded file is the proof the page checked; Node's own verifier agrees
  const download = page.waitForEvent("download");
  await page.getByTestId("proof-download").click();
  const file = await (await download).path();
  const proof = JSON.parse(readFileSync(file, "utf8")) as InclusionProof;
  expect(proof.root.hash).toBe(root);
  expect((await verifyInclusion(proof)).ok).toBe(true);
  expect(pageProblems).toEqual([]);
});

test("a guest is asked to log in to verify, and comes back after", async ({ page, pageProblems }) => {
  await page.goto("/proof-of-reserves");
  await expect(page.getByTestId("reserves-chart").locator(".por-bar-fill").first()).toBeVisible();
  await page.getByRole("link", { name: "Log in to verify your balance" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproof-of-reserves$/);
  expect(pageProblems).toEqual([]);
});

test("the protection fund shows each environment's balance and its history chart", async ({ page, pageProblems }) => {
  await page.goto("/protection-fund");
  for (const env of ["live", "paper"]) {
    const card = page.getByTestId(`fund-${env}`);
    await expect(card.getByTestId("fund-balance")).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
    await expect(card.locator(".recharts-area-curve")).toHaveCount(1);
  }
  await expect(page.getByRole("heading", { name: "Live trading" })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("/download shows the configured and allowed app links with QR codes, and the web app manifest is served", async ({
  page,
  request,
  pageProblems,
}) => {
  await page.goto("/download");
  // DOWNLOAD_IOS_URL is configured and allowed; DOWNLOAD_APK_URL is configured but not on the allow-list; Android is not configured
  await expect(page.getByTestId("app-ios").getByRole("link", { name: "App Store" })).toHaveAttribute(
    "href",
    "https://bitcoin.org/en/wallets/mobile/ios/",
  );
  await expect(page.getByRole("img", { name: "QR code: scan it to download from App Store" })).toBeVisible();
  await expect(page.getByTestId("app-apk")).toHaveCount(0);
  await expect(page.getByTestId("app-android")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Install the web app" })).toBeVisible();
  await expect(page.getByText("If no install button appears, use your browser's menu: Install app, or Add to Home screen.")).toBeVisible();
  // the browser offers an install (headless Chromium never does by itself): the button asks it, and a refusal is said
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "dismissed" }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole("button", { name: "Install", exact: true }).click();
  await expect(page.locator(".toaster")).toContainText("Installation cancelled");
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(page.getByRole("button", { name: "Install", exact: true })).toHaveCount(0);

  expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
  const res = await request.get("/manifest.webmanifest");
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ name: "Mix Exchange", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === "maskable");
    expect(icon?.type).toBe("image/png");
    const png = await request.get(icon!.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const image = decodePng(await png.body());
    expect([image.width, image.height]).toEqual([size, size]);
  }
  expect(pageProblems).toEqual([]);
});

test("the three pages pass the accessibility check in both themes, in Arabic right to left, and fit a 360 px phone", async ({
  page,
  context,
  pageProblems,
}) => {
  for (const theme of ["white", "black"]) {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    for (const path of [
      "/proof-of-reserves",
      "/protection-fund",
      "/download",
      "/ar/proof-of-reserves",
      "/ar/protection-fund",
      "/ar/download",
    ]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(theme);
      if (path.startsWith("/ar/")) await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("h1")).toBeVisible();
      expect((await axeViolations(page)).map((v) => `${theme} ${path}: ${v}`)).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/proof-of-reserves", "/protection-fund", "/download"]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    expect(await sticksOut(page), path).toBeLessThanOrEqual(0);
  }
  expect(pageProblems).toEqual([]);
});
