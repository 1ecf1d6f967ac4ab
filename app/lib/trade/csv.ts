/**
 * CSV of a history for the trader's spreadsheet (RFC 4180, CRLF lines). A cell a spreadsheet
 * would run as a formula (=, +, -, @, a tab or a carriage return first, or their full-width forms)
 * is written with a leading apostrophe, as OWASP advises against CSV injection; a plain number,
 * negative included, stays a number.
 */
const FORMULA = /^[=+\-@\t\r＝＋－＠]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function cell(value: string): string {
  const safe = FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [header, ...rows].map((r) => `${r.map(cell).join(",")}\r\n`).join("");
}

/** Saves `csv` as a file the browser downloads, with a byte-order mark so spreadsheet programs read it as UTF-8. */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A time in ms as ISO 8601 in UTC, as every CSV export writes it; "" when it is not one. */
export function isoTime(ms: string): string {
  const n = Number(ms);
  return /^\d{1,16}$/.test(ms) && n > 0 ? new Date(n).toISOString() : "";
}
