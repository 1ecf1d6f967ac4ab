import type * as Lwc from "lightweight-charts";
import { describe, expect, it } from "vitest";
import type { Drawing } from "~/lib/trade/chart/drawings";
import { DrawingLayer } from "./drawing-layer";

/** A chart 500 px wide where bar i sits at x = 10·i and price p at y = 1000 − p. */
function attached(drawings: Drawing[]): DrawingLayer {
  const layer = new DrawingLayer({ line: "#000", selected: "#f00", text: "#000", fill: "#0001", background: "#fff" }, String);
  const chart = {
    timeScale: () => ({ logicalToCoordinate: (l: number) => l * 10, coordinateToLogical: (x: number) => x / 10, width: () => 500 }),
  };
  const series = { priceToCoordinate: (p: number) => 1000 - p, coordinateToPrice: (y: number) => 1000 - y };
  layer.attached({ chart, series, requestUpdate: () => {} } as unknown as Lwc.SeriesAttachedParameter<Lwc.Time>);
  layer.set({ drawings, times: Array.from({ length: 50 }, (_, i) => i * 60_000) });
  return layer;
}

const hit = (layer: DrawingLayer, x: number, y: number) => layer.hitTest(x, y)?.externalId ?? null;

describe("the drawing layer's hit test", () => {
  const trend: Drawing = {
    id: "t",
    kind: "trend",
    points: [
      { ts: 0, price: 900 },
      { ts: 10 * 60_000, price: 800 },
    ],
  };
  const ray: Drawing = { id: "r", kind: "hray", points: [{ ts: 20 * 60_000, price: 500 }] };
  const box: Drawing = {
    id: "b",
    kind: "rect",
    points: [
      { ts: 30 * 60_000, price: 300 },
      { ts: 40 * 60_000, price: 200 },
    ],
  };
  const fib: Drawing = {
    id: "f",
    kind: "fib",
    points: [
      { ts: 0, price: 400 },
      { ts: 5 * 60_000, price: 600 },
    ],
  };

  it("finds a trend line near its segment only", () => {
    const layer = attached([trend]);
    // from (0, 100) to (100, 200): its middle is (50, 150)
    expect(hit(layer, 50, 153)).toBe("t");
    expect(hit(layer, 50, 170)).toBeNull();
    expect(hit(layer, 150, 250)).toBeNull();
  });

  it("finds a ray to the right of its start, a rectangle inside it, a Fibonacci level on its line", () => {
    const layer = attached([ray, box, fib]);
    expect(hit(layer, 400, 502)).toBe("r");
    expect(hit(layer, 150, 500)).toBeNull();
    expect(hit(layer, 350, 750)).toBe("b");
    // the 0.5 level is at 500 (y = 500) between x = 0 and x = 50
    expect(hit(layer, 30, 499)).toBe("f");
  });

  it("turns a point into a time and price, and finds nothing while a drawing is being placed", () => {
    const layer = attached([trend]);
    expect(layer.anchorAt(55, 250, (l) => l * 60_000)).toEqual({ ts: 330_000, price: 750 });
    layer.set({ pending: { kind: "hline", points: [] } });
    expect(hit(layer, 50, 150)).toBeNull();
  });
});
