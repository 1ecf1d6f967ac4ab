/** SVG paths of a price line and the area under it, in a `width` × `height` box with `pad` inside. */
export interface ChartBox {
  width: number;
  height: number;
  pad: number;
}

export function chartPaths(closes: readonly number[], low: number, high: number, box: ChartBox): { line: string; area: string } {
  if (closes.length < 2) return { line: "", area: "" };
  const span = high - low || 1;
  const innerW = box.width - 2 * box.pad;
  const innerH = box.height - 2 * box.pad;
  const round = (n: number) => Math.round(n * 10) / 10;
  const points = closes.map((c, i) => {
    const x = box.pad + (i / (closes.length - 1)) * innerW;
    const clamped = Math.min(high, Math.max(low, c));
    const y = box.pad + (1 - (clamped - low) / span) * innerH;
    return `${round(x)},${round(y)}`;
  });
  const line = `M${points.join("L")}`;
  const bottom = round(box.height - box.pad);
  const area = `${line}L${round(box.width - box.pad)},${bottom}L${round(box.pad)},${bottom}Z`;
  return { line, area };
}
