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
