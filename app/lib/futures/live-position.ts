import type { Position } from "./api";
import { marginRatio, roe, unrealisedPnl } from "./maths";

/** A position with its figures at the live mark price. */
export interface LivePosition extends Position {
  mark: number;
  pnl: number;
  roe: number | undefined;
  ratio: number | undefined;
}

/** Figures of a position at `mark` (the live mark of this contract; the position's own for others). */
export function livePosition(p: Position, liveMark: number | undefined): LivePosition {
  const mark = liveMark ?? (Number(p.markPrice) || Number(p.openPriceAvg));
  const qty = Number(p.total);
  const entry = Number(p.openPriceAvg);
  const pnl = unrealisedPnl(p.holdSide, entry, mark, qty);
  const collateral = Number(p.marginSize) || (entry * qty) / Number(p.leverage);
  return {
    ...p,
    mark,
    pnl,
    roe: roe(pnl, entry, qty, Number(p.leverage)),
    ratio: marginRatio({ mark, qty, collateral, pnl, maintenanceRate: Number(p.keepMarginRate) || undefined }),
  };
}

/** A position whose margin ratio reaches this is warned about (docs/decisions/705). */
export const WARN_RATIO = 0.8;
/** ...and warned about again only after it has fallen below this. */
export const CALM_RATIO = 0.6;

/**
 * The positions to warn about now, updating `warned` (keys of positions already warned about):
 * once when the ratio reaches WARN_RATIO, again only after it has recovered below CALM_RATIO;
 * a closed position is forgotten.
 */
export function liquidationWarnings<P extends Pick<LivePosition, "symbol" | "holdSide" | "ratio">>(
  positions: readonly P[],
  warned: Set<string>,
): P[] {
  const out: P[] = [];
  const open = new Set<string>();
  for (const p of positions) {
    const key = `${p.symbol}:${p.holdSide}`;
    open.add(key);
    if (p.ratio === undefined) continue;
    if (p.ratio >= WARN_RATIO && !warned.has(key)) {
      warned.add(key);
      out.push(p);
    } else if (p.ratio < CALM_RATIO) warned.delete(key);
  }
  for (const key of [...warned]) if (!open.has(key)) warned.delete(key);
  return out;
}
