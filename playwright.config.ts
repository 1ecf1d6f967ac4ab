import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/** Debian's Chromium, never a downloaded browser (docs/decisions/001). */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error("No Chromium found for the browser tests. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.");
  }
  return found;
}

// One fresh data directory per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "mix-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3217);
export const baseURL = `http://127.0.0.1:${port}`;
/** The same server under a second name: the image hosts of the e2e gateway both resolve here. */
export const altOrigin = `http://localhost:${port}`;
/** Test-only link configuration: a brand host that is not this server, and two allowed addresses. */
export const E2E_LINKS = { brandHost: "mix.example", addresses: ["https://bitcoin.org/", "https://ethereum.org/"] };

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: {
    // The production build of `npm start` (the test script builds first).
    command: "node index.js",
    url: `${baseURL}/v1/mix/system/getDomainConfigList`,
    // The browser tests act as the proxy in front (TRUST_PROXY=loopback): a context may name its
    // own client address in X-Forwarded-For, so risk rules per address can be tested apart.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      // one web process, as in every test that does not ask for workers (docs/decisions/023)
      WEB_WORKERS: "1",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      // Image hosts that resolve to this server (docs/decisions/602), allowed by the CSP.
      IMAGE_HOSTS_FOREIGN: altOrigin,
      IMAGE_HOSTS_INTERNAL: baseURL,
      IMAGE_ORIGINS: altOrigin,
      BRAND_HOSTS: E2E_LINKS.brandHost,
      LINK_ADDRESSES: E2E_LINKS.addresses.join(","),
      // The operator's price control of the simulated market, for the forced-liquidation test (docs/decisions/316).
      SIM_PRICE_CONTROL: "1",
      // New accounts may apply to lead copy trading at once (docs/decisions/356, 358).
      COPY_LEAD_MIN_AGE_DAYS: "0",
      // An "hour" of margin interest every 3 s, so the margin browser test sees it accrue (docs/decisions/707).
      MARGIN_INTEREST_INTERVAL_MS: "3000",
      // An equity snapshot every 5 s, so the asset overview's chart has points to draw (docs/decisions/331).
      ASSET_SNAPSHOT_INTERVAL_MS: "5000",
      // The /download page's app links: one allowed by LINK_ADDRESSES, one that is not (docs/decisions/714).
      DOWNLOAD_IOS_URL: `${E2E_LINKS.addresses[0]}en/wallets/mobile/ios/`,
      DOWNLOAD_APK_URL: "https://evil.example/mix.apk",
      // Half-second blocks of the simulated chain; a withdrawal stays cancellable for a minute (docs/decisions/330).
      WALLET_BLOCK_INTERVAL_MS: "500",
      WALLET_REVIEW_BLOCKS: "120",
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
