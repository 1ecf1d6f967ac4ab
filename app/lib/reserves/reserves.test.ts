import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { InclusionProof, ReservesSnapshot } from "../../../protocol/reserves";
import { commitmentMessage, fromHex, leafMessage, toHex } from "../../../protocol/reserves";
import { ratioBars, reserveRatio, unitsToDecimal } from "./amounts";
import { checkProof } from "./check-proof";

const sha = (b: Uint8Array) => new Uint8Array(createHash("sha256").update(b).digest());

/** A one-leaf tree: the leaf is the root. */
function oneLeaf(balances: bigint[]): { proof: InclusionProof; snapshot: ReservesSnapshot } {
  const salt = "ab".repeat(32);
  const leaf = sha(leafMessage(sha(commitmentMessage(fromHex(salt), "u1")), balances));
  const sums = balances.map(String);
  const proof: InclusionProof = {
    version: 1,
    snapshotId: 3,
    time: 1,
    assets: ["BTC", "USDT"],
    userId: "u1",
    salt,
    balances: sums,
    path: [],
    root: { hash: toHex(leaf), sums },
  };
  const snapshot: ReservesSnapshot = {
    version: 1,
    snapshotId: 3,
    time: 1,
    rootHash: toHex(leaf),
    leafCount: 1,
    assets: [
      { coin: "BTC", liabilities: sums[0]!, reserves: "200000000" },
      { coin: "USDT", liabilities: sums[1]!, reserves: sums[1]! },
    ],
  };
  return { proof, snapshot };
}

describe("the reserves figures", () => {
  it("reads ledger units as decimals and the ratio exactly", () => {
    expect(unitsToDecimal("150000000")).toBe("1.5");
    expect(unitsToDecimal("1")).toBe("0.00000001");
    expect(unitsToDecimal("1.5")).toBeUndefined();
    expect(reserveRatio("103750000", "100000000")).toBe("1.0375");
    expect(reserveRatio("1", "3")).toBe("0.3333");
    expect(reserveRatio("5", "0")).toBeUndefined();
    // every asset stays readable: a huge surplus is cut at twice the liabilities and says so
    expect(
      ratioBars([
        { coin: "BTC", liabilities: "100000000", reserves: "125000000" },
        { coin: "USDT", liabilities: "100000000", reserves: "11234000000" },
        { coin: "ETH", liabilities: "0", reserves: "5" },
      ]),
    ).toEqual([
      { coin: "BTC", ratio: "1.2500", length: 0.625, capped: false },
      { coin: "USDT", ratio: "112.3400", length: 1, capped: true },
    ]);
  });
});

describe("the browser's check of a proof", () => {
  it("passes a proof of the published snapshot, with a last step that says so", async () => {
    const { proof, snapshot } = oneLeaf([100000000n, 5n]);
    const check = await checkProof(proof, snapshot);
    expect(check.ok).toBe(true);
    expect(check.steps.map((s) => s.kind)).toEqual(["commitment", "leaf", "root", "published"]);
  });

  it("fails a proof whose root is not the published one, at that step", async () => {
    const { proof, snapshot } = oneLeaf([100000000n, 5n]);
    const other = { ...snapshot, assets: snapshot.assets.map((a) => ({ ...a, liabilities: a.coin === "USDT" ? "6" : a.liabilities })) };
    const check = await checkProof(proof, other);
    expect(check.ok).toBe(false);
    expect(check.steps.at(-1)).toMatchObject({ kind: "published", ok: false });
  });
});
