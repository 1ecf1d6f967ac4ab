/**
 * A record list as a CSV file for a spreadsheet (docs/decisions/712): the shared writer's quoting
 * and formula guard (lib/trade/csv.ts), times in ISO 8601 with their zone (UTC, `Z`), numbers as
 * plain decimals (never `1e-7`, which a spreadsheet reads as a formula of its own or rounds).
 */
import { isoTime, toCsv } from "~/lib/trade/csv";
import { fieldOf, quoteSized, type RecordField, type RecordRow } from "./source";

const EXPONENT = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/;

/** A number in exponent notation written out in full (`1.5e-7` → `0.00000015`); any other text unchanged. */
export function plainDecimal(text: string): string {
  const m = EXPONENT.exec(text.trim());
  if (!m) return text;
  const [, sign, int = "", frac = "", exp = "0"] = m;
  const digits = (int + frac).replace(/^0+(?=\d)/, "");
  const point = int.replace(/^0+(?=\d)/, "").length + Number(exp);
  const whole =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const trimmed = whole.includes(".") ? whole.replace(/\.?0+$/, "") : whole;
  return `${sign}${trimmed.replace(/^0+(?=\d)/, "")}`;
}

/** One field of a row as the file writes it. */
export function csvValue(row: RecordRow, field: RecordField): string {
  const v = fieldOf(row, field.path);
  if (field.kind === "time") return isoTime(v);
  if (field.kind === "number" || field.kind === "percent") {
    const n = plainDecimal(v);
    return field.abs ? n.replace(/^-/, "") : n;
  }
  return v;
}

/**
 * The file: a header of the fields' paths (stable names a script can rely on), a line per row. A
 * spot order's size is two columns: `size` in the base coin and `quoteSize` for a market buy,
 * which Bitget sizes in the quote coin, so a column never mixes two coins (issue 28).
 */
export function recordsCsv(fields: readonly RecordField[], rows: readonly RecordRow[]): string {
  const split = (f: RecordField) => f.coin === "orderSize";
  return toCsv(
    fields.flatMap((f) => (split(f) ? [f.path, "quoteSize"] : [f.path])),
    rows.map((r) =>
      fields.flatMap((f) => {
        if (!split(f)) return [csvValue(r, f)];
        const v = csvValue(r, f);
        return quoteSized(r) ? ["", v] : [v, ""];
      }),
    ),
  );
}
