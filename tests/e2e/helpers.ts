import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page, type Route } from "@playwright/test";
import { totpAt } from "../../gateway/accounts/totp";
import { newestCode } from "../setup/outbox";
import { steerFuturesPrice as steerPrice } from "../setup/price-control";
import { readFileSync } from "node:fs";
import { FUTURES_QUIZ } from "../../protocol/futures-opening";

const dataDir = () => process.env.E2E_DATA_DIR as string;

/** The newest code the gateway "sent" to an address: the embedded outbox is the tests' inbox. */
export async function codeFor(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = newestCode(dataDir(), to);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${to}`);
}

let people = 0;

/**
 * Registers through the page, as a person would, and lands logged in on the home page. Each
 * person comes from an address of their own (the tests are the trusted proxy), so the gateway's
 * registration-burst rule does not see one address signing up all the test accounts.
 */
export async function registerThroughPage(page: Page, email: string, password: string): Promise<{ ip: string }> {
  people += 1;
  const ip = `198.18.${process.pid % 250}.${people % 250}`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
  await page.goto("/register");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByText("We sent a 6-digit code to your e-mail.").waitFor();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.waitForURL("/");
  await page.getByRole("button", { name: "Log out" }).waitFor();
  return { ip };
}

/** A new person (`<name>-<now>@example.com`) registered through the page, then on `path`. */
export async function newAccountOn(page: Page, name: string, path: string, password = "Sup3r-secret") {
  const email = `${name}-${Date.now()}@example.com`;
  const { ip } = await registerThroughPage(page, email, password);
  await page.goto(path);
  return { email, ip };
}

/**
 * A page evaluation, or "loading" if the page was between documents (the evaluation then fails
 * because its context is destroyed): for polls across reloads.
 */
export function acrossLoads<T>(evaluation: Promise<T>): Promise<T | "loading"> {
  return evaluation.catch(() => "loading" as const);
}

/** A local-storage item of the page, or "loading" between documents. */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return acrossLoads(page.evaluate((k) => localStorage.getItem(k), key));
}

/** Steers the e2e gateway's simulated futures price (its gateway runs with SIM_PRICE_CONTROL=1; docs/decisions/316). */
export function steerFuturesPrice(symbol: string, price: number | "release", ratePercent: number): void {
  steerPrice(dataDir(), symbol, price, ratePercent);
}

/** The English texts of the futures opening step (app/locales/en/futopen.json). */
export const OPENING_TEXT = JSON.parse(readFileSync(new URL("../../app/locales/en/futopen.json", import.meta.url), "utf8")) as {
  agreement: Record<string, string>;
  quiz: Record<string, string> & Record<string, Record<string, string>>;
  title: string;
};

/**
 * Opens futures on the futures screen the page shows, as a new trader does (docs/decisions/351):
 * the risk agreement accepted and every quiz question answered right; the order form follows.
 */
export async function openFuturesOnPage(page: Page): Promise<void> {
  const step = page.getByRole("region", { name: OPENING_TEXT.title });
  await step.getByRole("checkbox", { name: OPENING_TEXT.agreement.accept }).check();
  await step.getByRole("button", { name: OPENING_TEXT.agreement.continue }).click();
  for (const q of FUTURES_QUIZ) {
    const texts = OPENING_TEXT.quiz[q.id] as Record<string, string>;
    await step.getByRole("group", { name: texts.q }).getByRole("radio", { name: texts[q.answer] }).check();
  }
  await step.getByRole("button", { name: OPENING_TEXT.quiz.submit as string }).click();
  await page.getByRole("region", { name: "Futures order" }).waitFor();
}

/** A new trader on a futures screen, futures opened, with `amount` USDT moved over from spot (a new futures account is empty). */
export async function newFuturesTrader(page: Page, path: string, amount: string): Promise<void> {
  await registerThroughPage(page, `futures-${Date.now()}-${people}@example.com`, "Passw0rd!x");
  await page.goto(path);
  await openFuturesOnPage(page);
  const dialog = page.getByRole("dialog");
  await page.getByRole("region", { name: "Futures order" }).getByRole("button", { name: "Transfer" }).click();
  await dialog.getByLabel("Amount (USDT)").fill(amount);
  await dialog.getByRole("button", { name: "Transfer" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Transferred ${amount} USDT` })
    .waitFor();
}

/**
 * Keeps every toast the page shows from now on, after it is gone (each lasts a few seconds): the
 * answer reads the texts so far, in the order they appeared.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const texts: string[] = [];
    Object.assign(window, { shownToasts: texts });
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".toaster .toast"))
        if (!seen.has(el)) {
          seen.add(el);
          texts.push(el.textContent ?? "");
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

/** The page's WCAG 2.1 AA violations, each as its rule and the elements it found (empty when none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id} ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`);
}

/** A guest's request for `path`, which must be sent on (302 or 303): where to. */
export async function guestSentTo(request: APIRequestContext, path: string): Promise<string | undefined> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect([302, 303], path).toContain(res.status());
  return res.headers().location;
}

/** How far the page is wider than the window, in CSS pixels (zero or less: nothing scrolls sideways). */
export const sticksOut = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Opens a trading screen at a phone's size (390 × 844) and checks how it opens: on the chart tab,
 * the book hidden, nothing scrolling sideways. The answer finds one of its tabs by name.
 */
export async function openOnPhone(page: Page, path: string): Promise<(name: string) => Locator> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  await expect(tab("Chart")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Order book" })).toBeHidden();
  expect(await sticksOut(page)).toBeLessThanOrEqual(0);
  return tab;
}

/** From the home page, the header's link of that name leads to the path. */
export async function followHeaderLink(page: Page, name: string, path: RegExp): Promise<void> {
  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name }).click();
  await expect(page).toHaveURL(path);
}

/**
 * Binds Google Authenticator from the security page the browser is on (`/modifyverification`):
 * starts the setup, confirms it with the current code, and answers the secret.
 */
export async function bindGoogleAuthenticator(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Set up Google Authenticator" }).click();
  await page.getByRole("button", { name: "Start setup" }).click();
  const secret = (await page.getByTestId("google-secret").textContent()) ?? "";
  await page.getByLabel("Authenticator code").fill(totpAt(secret, Date.now()));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("binding-google")).toContainText("On");
  return secret;
}

/**
 * Hands every request for a namespace chunk (the texts a page was not sent) to `onTexts` with its
 * namespace; other scripts load as usual. Which chunk is which namespace is read from the shell
 * chunk's map of them as the browser receives it (the client entry's file, scripts/shell-chunk.ts;
 * app/lib/i18n/browser.ts's `import.meta.glob`): a code chunk may bear a namespace's name too.
 */
export async function routeTexts(page: Page, onTexts: (namespace: string, route: Route) => Promise<void>): Promise<void> {
  const chunks = new Map<string, string>();
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const file = route.request().url().split("/").pop() ?? "";
    if (/^entry\.client-[\w-]{8}\.js$/.test(file)) {
      const response = await route.fetch();
      const body = await response.text();
      for (const m of body.matchAll(/"\.\.\/\.\.\/locales\/[\w-]+\/(\w+)\.json":[^"]*?import\("\.\/([^"]+)"\)/g))
        chunks.set(m[2] ?? "", m[1] ?? "");
      return route.fulfill({ response, body });
    }
    const namespace = chunks.get(file);
    return namespace === undefined ? route.fallback() : onTexts(namespace, route);
  });
}
