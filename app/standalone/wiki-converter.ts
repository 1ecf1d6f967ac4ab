/**
 * The converter as one types (docs/decisions/605): the coin's USDT price and the offered currencies'
 * rates are written on the form by the server; the arithmetic is the server's own (exact decimals),
 * so a result here equals the one the form would get without scripts.
 */
import { convert, plainAmount, type ConvertFrom } from "~/lib/wiki/fiat";

const form = document.querySelector<HTMLFormElement>("form[data-converter]");

if (form) {
  const coinField = form.querySelector<HTMLInputElement>('input[name="coinAmount"]')!;
  const fiatField = form.querySelector<HTMLInputElement>('input[name="fiatAmount"]')!;
  const code = form.querySelector<HTMLSelectElement>('select[name="fiat"]')!;
  const error = form.querySelector<HTMLElement>("[data-converter-error]")!;
  const price = form.dataset.price ?? "";
  let rates: Record<string, string> = {};
  try {
    rates = JSON.parse(form.dataset.rates ?? "{}") as Record<string, string>;
  } catch {
    // No rates: the form keeps working through the server.
  }
  let lastFrom: ConvertFrom = "coin";

  const update = (from: ConvertFrom) => {
    lastFrom = from;
    const source = from === "coin" ? coinField : fiatField;
    const target = from === "coin" ? fiatField : coinField;
    const rate = rates[code.value];
    if (source.value.trim() === "") {
      target.value = "";
      error.hidden = true;
      return;
    }
    const result = rate ? convert(source.value.trim(), from, price, rate) : undefined;
    error.hidden = result !== undefined;
    source.setAttribute("aria-invalid", String(result === undefined));
    target.value = result === undefined ? "" : from === "coin" ? plainAmount(result, 2) : result;
  };

  coinField.addEventListener("input", () => update("coin"));
  fiatField.addEventListener("input", () => update("fiat"));
  code.addEventListener("change", () => update(lastFrom));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter as HTMLButtonElement | null;
    update(button?.value === "fiat" ? "fiat" : "coin");
  });
}
