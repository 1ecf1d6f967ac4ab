import type { Page } from "@playwright/test";
import { FUTURES_QUIZ } from "../../protocol/futures-opening";
import { expect, testFrom } from "./fixtures";
import { axeViolations, OPENING_TEXT, registerThroughPage } from "./helpers";

/**
 * The futures opening step (issue 30 item 3, docs/decisions/351): a new trader's first futures
 * screen shows the risk agreement and the quiz instead of the order form; a wrong answer is
 * explained and can be retried; once every answer is right the form appears and an order goes through.
 */
let n = 0;
const form = (page: Page) => page.getByRole("region", { name: "Futures order" });
const step = (page: Page) => page.getByRole("region", { name: OPENING_TEXT.title });
const quiz = (id: string) => OPENING_TEXT.quiz[id] as Record<string, string>;
const dialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

const newTrader = testFrom(async (page: Page) => {
  await registerThroughPage(page, `opening-${Date.now()}-${n++}@example.com`, "Passw0rd!x");
  await page.goto("/futures/usdt/BTCUSDT");
});

newTrader("agreement, a wrong quiz answer explained and retried, then the form and an order that goes through", async (page) => {
  await expect(step(page)).toBeVisible();
  await expect(form(page)).toHaveCount(0);

  // the quiz waits for the agreement
  const accept = step(page).getByRole("checkbox", { name: OPENING_TEXT.agreement.accept });
  const next = step(page).getByRole("button", { name: OPENING_TEXT.agreement.continue });
  await expect(next).toBeDisabled();
  await accept.check();
  await next.click();

  // a wrong answer to the leverage question, the others right
  const leverage = step(page).getByRole("group", { name: quiz("leverage").q });
  await leverage.getByRole("radio", { name: quiz("leverage").a }).check();
  for (const q of FUTURES_QUIZ.filter((x) => x.id !== "leverage")) {
    await step(page)
      .getByRole("group", { name: quiz(q.id).q })
      .getByRole("radio", { name: quiz(q.id)[q.answer] })
      .check();
  }
  const submit = step(page).getByRole("button", { name: OPENING_TEXT.quiz.submit as string });
  await submit.click();
  await expect(leverage.getByRole("alert")).toContainText(quiz("leverage").why!);
  await expect(step(page).getByRole("alert")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await expect(form(page)).toHaveCount(0);

  // the right answer, by keyboard: the form takes the opening's place
  await leverage.getByRole("radio", { name: quiz("leverage").b }).focus();
  await page.keyboard.press("Space");
  await expect(leverage.getByRole("radio", { name: quiz("leverage").b })).toBeChecked();
  await submit.click();
  await expect(form(page)).toBeVisible();
  await expect(step(page)).toHaveCount(0);

  // opened for good: the screen opens on the form again
  await page.reload();
  await expect(form(page)).toBeVisible();
  await expect(step(page)).toHaveCount(0);

  // and an order goes through
  await form(page).getByRole("button", { name: "Transfer" }).click();
  await dialog(page).getByLabel("Amount (USDT)").fill("500");
  await dialog(page).getByRole("button", { name: "Transfer" }).click();
  await expect(toast(page, "Transferred 500 USDT")).toBeVisible();
  await form(page).getByRole("button", { name: "Market", exact: true }).click();
  await form(page).getByLabel("Size").fill("0.001");
  await form(page).getByTestId("submit-long").click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Order placed")).toBeVisible();
});

newTrader("demo trading shows the form without an opening", async (page) => {
  await expect(step(page)).toBeVisible();
  await page.locator(".trade-head").getByRole("button", { name: "Demo trading", exact: true }).click();
  await expect(form(page)).toBeVisible();
  await expect(step(page)).toHaveCount(0);
});
