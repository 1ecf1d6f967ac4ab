import { describe, expect, it } from "vitest";
import { decodePng, solveByRimColour } from "../../tests/setup/captcha-solver.ts";
import { CHALLENGE_SIZE, planChallenge, renderChallenge } from "./challenge.ts";

describe("challenge pictures", () => {
  it("defeat the review's exact-rim-colour script (at most 2 of 20)", () => {
    let hits = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planChallenge(seed);
      const x = solveByRimColour(decodePng(renderChallenge(plan).background), plan.pieceY, plan.pieceSize);
      if (Math.abs(x - plan.answerX) <= 5) hits++;
    }
    expect(hits).toBeLessThanOrEqual(2);
  });

  it("follow from the seed alone, so only the seed need be stored", () => {
    const a = renderChallenge(planChallenge(42));
    const b = renderChallenge(planChallenge(42));
    expect(a.background.equals(b.background)).toBe(true);
    expect(a.piece.equals(b.piece)).toBe(true);
    expect(renderChallenge(planChallenge(43)).background.equals(a.background)).toBe(false);
  });

  it("put the hole and its row decoys apart, inside the picture and right of the start", () => {
    const { width, height, piece: size } = CHALLENGE_SIZE;
    for (let seed = 1; seed <= 200; seed++) {
      const p = planChallenge(seed);
      const row = [{ x: p.answerX, y: p.pieceY, shape: p.shape }, ...p.decoys.slice(0, 2)].sort((a, b) => a.x - b.x);
      for (const h of [...row, ...p.decoys]) {
        expect(h.x).toBeGreaterThanOrEqual(size);
        expect(h.x + size).toBeLessThanOrEqual(width);
        expect(h.y).toBeGreaterThanOrEqual(0);
        expect(h.y + size).toBeLessThanOrEqual(height);
      }
      for (let i = 1; i < row.length; i++) expect(row[i]!.x - row[i - 1]!.x).toBeGreaterThanOrEqual(size);
      for (const d of p.decoys) expect(d.shape.filter((v, i) => v !== p.shape[i]).length).toBeGreaterThanOrEqual(2);
      expect(Math.abs(p.decoys[0]!.y - p.pieceY)).toBeLessThanOrEqual(6);
    }
  });

  it("draw an opaque RGB background and a piece with see-through corners", () => {
    const plan = planChallenge(7);
    const { background, piece } = renderChallenge(plan);
    const bg = decodePng(background);
    const pc = decodePng(piece);
    expect([bg.width, bg.height, pc.width, pc.height]).toEqual([plan.width, plan.height, plan.pieceSize, plan.pieceSize]);
    expect(background[25]).toBe(2); // RGB: a quarter fewer bytes than RGBA
    expect(pc.data.some((v, i) => i % 4 === 3 && v === 0)).toBe(true);
  });
});
