/**
 * Proof of reserves and the protection fund's history through the BFF (docs/decisions/333, 714):
 * the public snapshot, a snapshot on the operator's command, each user's proof for that user
 * only (verified with the browser's own verifier), guests and unsigned callers refused, proofs
 * rebuilt after a restart, and the fund's history per environment.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED } from "../../protocol/margin.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { parseScaled } from "../../gateway/exchange/decimal.ts";
import { RESERVES_PATHS, verifyInclusion, type InclusionProof, type ReservesSnapshot } from "../../protocol/reserves.ts";
import { registerByEmail } from "../setup/accounts";
import { ROOT, startWeb } from "../setup/processes";
import { serverForSuite } from "../setup/suite";

const ENV = { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off", REQUEST_LOG: "off" };
let current: Awaited<ReturnType<typeof startWeb>> | undefined;
const web = serverForSuite(async (dir) => (current = await startWeb({ DATA_DIR: dir, ...ENV })));
const gut = () => ({ url: current!.url, dataDir: web.dir });
// the restart test starts a second server on the same port: the suite stops only the first
afterAll(async () => {
  if (current && current !== web.started) await current.stop();
});

async function get<T>(path: string): Promise<{ code: string; data: T }> {
  return (await fetch(`${current!.url}${path}`)).json() as Promise<{ code: string; data: T }>;
}

function snapshotCommand(): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "gateway/reserves/cli/snapshot.ts", "--wait", "20"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: web.dir },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function funded() {
  const u = await registerByEmail(gut(), `por-${randomUUID().slice(0, 8)}@example.com`);
  // the first private call opens the live account with its welcome USDT
  expect((await u.c.call("GET", V2.assets)).body.code).toBe("00000");
  return u;
}

describe("proof of reserves", () => {
  let alice: Awaited<ReturnType<typeof funded>>;
  let bob: Awaited<ReturnType<typeof funded>>;
  let snap: ReservesSnapshot;

  it("publishes a snapshot from the start, and takes one on the operator's command", async () => {
    const first = await get<ReservesSnapshot>(RESERVES_PATHS.snapshot);
    expect(first.code).toBe("00000");
    expect(first.data.rootHash).toMatch(/^[0-9a-f]{64}$/);
    alice = await funded();
    bob = await funded();
    const cmd = snapshotCommand();
    expect(cmd.code, cmd.stderr).toBe(0);
    const now = await get<ReservesSnapshot>(RESERVES_PATHS.snapshot);
    snap = now.data;
    expect(snap.snapshotId).toBeGreaterThan(first.data.snapshotId);
    expect(cmd.stdout).toContain(`root ${snap.rootHash}`);
    const usdt = snap.assets.find((a) => a.coin === "USDT")!;
    // two welcome balances of 10,000 USDT, in 10^-8 units; the house's coins on top in the reserves
    expect(BigInt(usdt.liabilities)).toBeGreaterThanOrEqual(2n * 10_000n * 100_000_000n);
    expect(BigInt(usdt.reserves)).toBeGreaterThanOrEqual(BigInt(usdt.liabilities));
    expect(snap.leafCount).toBeGreaterThanOrEqual(2);
  });

  it("gives each user their own proof, which verifies against the published root", async () => {
    for (const u of [alice, bob]) {
      const r = await u.c.call("POST", RESERVES_PATHS.proof, {});
      expect(r.body.code).toBe("00000");
      const proof = r.body.data as InclusionProof;
      expect(proof.userId).toBe(u.userId);
      expect(proof.snapshotId).toBe(snap.snapshotId);
      expect(proof.balances[proof.assets.indexOf("USDT")]).toBe(String(10_000n * 100_000_000n));
      expect(proof.root.hash).toBe(snap.rootHash);
      expect(proof.root.sums).toEqual(snap.assets.map((a) => a.liabilities));
      expect((await verifyInclusion(proof)).ok).toBe(true);
    }
  });

  it("answers only for the caller: guests, unsigned calls and a body naming someone else are refused", async () => {
    const guest = await fetch(`${current!.url}${RESERVES_PATHS.proof}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const g = (await guest.json()) as { code: string; data: unknown };
    expect(g.code).not.toBe("00000");
    expect(g.data).toBeNull();
    const unsigned = await alice.c.call("POST", RESERVES_PATHS.proof, {}, { sign: false });
    expect(unsigned.body.code).not.toBe("00000");
    expect(unsigned.body.data?.salt).toBeUndefined();
    const other = await alice.c.call("POST", RESERVES_PATHS.proof, { userId: bob.userId });
    expect(other.status).toBe(400);
    expect(other.body.data?.salt).toBeUndefined();
  });

  it("counts margin holdings net of their debt, futures equity, and a sub-account as a leaf of its own", async () => {
    const U = 100_000_000n;
    const before = snap;
    const carol = await funded();
    const call = (path: string, body: Record<string, unknown>) => carol.c.call("POST", path, body);
    const move = (toType: string, amount: string) => call(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType, coin: "USDT", amount });
    expect((await move("crossed_margin", "1000")).body.code).toBe("00000");
    expect((await call(MARGIN_CROSSED.borrow, { coin: "USDT", borrowAmount: "600" })).body.code).toBe("00000");
    expect((await move("usdt_futures", "500")).body.code).toBe("00000");
    const sub = await call("/v1/user/sub/create", { nickName: "Reserve desk" });
    expect(sub.body.code).toBe("00000");
    const subId = sub.body.data.userId as string;
    const toSub = { fromType: "spot", toType: "spot", coin: "USDT", amount: "100", fromUserId: carol.userId, toUserId: subId };
    expect((await call("/api/v2/spot/wallet/subaccount-transfer", toSub)).body.code).toBe("00000");
    const margin = (await carol.c.call("GET", MARGIN_CROSSED.assets)).body.data as Array<{ coin: string; interest: string }>;
    const interest = parseScaled(margin.find((a) => a.coin === "USDT")!.interest, 8)!;
    expect(interest).toBeGreaterThan(0n);

    expect(snapshotCommand().code).toBe(0);
    snap = (await get<ReservesSnapshot>(RESERVES_PATHS.snapshot)).data;
    const proof = (await carol.c.call("POST", RESERVES_PATHS.proof, {})).body.data as InclusionProof;
    const usdt = proof.assets.indexOf("USDT");
    // spot 8,400 + margin 1,600 held less 600 and its first hour of interest owed + futures 500; the sub-account's 100 is its own
    expect(BigInt(proof.balances[usdt]!)).toBe(9_900n * U - interest);
    expect((await verifyInclusion(proof)).ok).toBe(true);
    expect(snap.leafCount).toBe(before.leafCount + 2);
    const owed = (s: ReservesSnapshot) => BigInt(s.assets.find((a) => a.coin === "USDT")!.liabilities);
    // what was added to the liabilities is carol's welcome USDT less the interest she owes
    expect(owed(snap) - owed(before)).toBe(10_000n * U - interest);
    const usdtLine = snap.assets.find((a) => a.coin === "USDT")!;
    expect(BigInt(usdtLine.reserves)).toBeGreaterThanOrEqual(BigInt(usdtLine.liabilities));
  });

  it("rebuilds the same proofs after a restart", async () => {
    const before = (await alice.c.call("POST", RESERVES_PATHS.proof, {})).body.data as InclusionProof;
    const port = current!.port;
    await current!.stop();
    // the same port, so the clients' addresses and session cookies stay good
    current = await startWeb({ DATA_DIR: web.dir, ...ENV, PORT: String(port) });
    const c = (await registerByEmail(gut(), `por-${randomUUID().slice(0, 8)}@example.com`)).c;
    // a user registered after the snapshot is in the next one
    expect((await c.call("POST", RESERVES_PATHS.proof, {})).body.code).toBe("33302");
    const snapAfter = await get<ReservesSnapshot>(RESERVES_PATHS.snapshot);
    expect(snapAfter.data.rootHash).toBe(snap.rootHash);
    // alice's session is durable: the same leaf and path, rebuilt from the stored snapshot
    const after = (await alice.c.call("POST", RESERVES_PATHS.proof, {})).body.data as InclusionProof;
    expect(after).toEqual(before);
  });
});

describe("the protection fund's history", () => {
  it("answers both environments, ending at the fund's balance now", async () => {
    const r = await get<{
      marginCoin: string;
      environments: Array<{ env: string; productType: string; balance: string; points: Array<{ time: number; balance: string }> }>;
    }>(`${RESERVES_PATHS.fundHistory}?days=7`);
    expect(r.code).toBe("00000");
    expect(r.data.environments.map((e) => [e.env, e.productType])).toEqual([
      ["live", "USDT-FUTURES"],
      ["paper", "SUSDT-FUTURES"],
    ]);
    const fund = await get<{ balance: string }>(`${MIX.protectionFund}?productType=USDT-FUTURES`);
    const live = r.data.environments[0]!;
    expect(live.points.at(-1)?.balance).toBe(live.balance);
    expect(Number(live.balance)).toBeCloseTo(Number(fund.data.balance), 8);
    for (const bad of ["?days=0", "?days=366", "?days=x"])
      expect((await get(`${RESERVES_PATHS.fundHistory}${bad}`)).code).not.toBe("00000");
  });
});
