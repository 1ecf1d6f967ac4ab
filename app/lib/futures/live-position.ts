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
