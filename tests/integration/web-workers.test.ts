/**
 * The web tier on every core (issue 31, docs/decisions/023): WEB_WORKERS web workers share one
 * port in front of one embedded gateway; any worker answers any request, a session made through
 * one is good on the other, a worker that dies is replaced while the other keeps answering, and
 * SIGTERM stops every process.
 */
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../setup/accounts";
import { startReplicas } from "../setup/replicas";
import { startWeb, tempDataDir, type Started } from "../setup/processes";
import { until } from "../setup/until";

/** One request on a connection of its own (the cluster hands connections, not requests, to workers). */
function fresh(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

interface LogLine {
  msg?: string;
  gatewayUrl?: string;
  pid?: number;
  worker?: number;
  path?: string;
}
const entries = (web: Started): LogLine[] =>
  web.logs.flatMap((l) => {
    try {
      return [JSON.parse(l) as LogLine];
    } catch {
      return [];
    }
  });
const workerPids = (web: Started) => entries(web).flatMap((e) => (e.msg === "web worker listening" && e.pid ? [e.pid] : []));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("WEB_WORKERS=2", () => {
  let web: Started;
  const data = tempDataDir();
  beforeAll(async () => {
    web = await startWeb({ DATA_DIR: data.dir, WEB_WORKERS: "2" });
  });
  afterAll(async () => {
    await web.stop("SIGKILL");
    data.remove();
  });

  it("announces readiness once both workers listen, and both answer pages and the BFF", async () => {
    expect(workerPids(web)).toHaveLength(2);
    for (let i = 0; i < 8; i++) {
      expect((await fresh(`${web.url}/v1/mix/system/getDomainConfigList`)).status).toBe(200);
      expect((await fresh(`${web.url}/en/wiki`)).status).toBe(200);
    }
    const servedBy = new Set(entries(web).flatMap((e) => (e.msg === "request" && e.worker ? [e.worker] : [])));
    expect(servedBy.size).toBe(2);
  });

  it("keeps a session made through one worker good on the other", async () => {
    const { c } = await registerByEmail({ url: web.url, dataDir: data.dir }, `workers-${Date.now()}@example.com`);
    // concurrent calls open several connections, which the cluster hands to both workers in turn
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.call("POST", "/v1/user/overview/userinfo", {})));
    expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set(["00000"]));
    const servedBy = new Set(
      entries(web).flatMap((e) => (e.msg === "request" && e.path === "/v1/user/overview/userinfo" ? [e.worker] : [])),
    );
    expect(servedBy.size).toBe(2);
  });

  it("replaces a worker that dies while the other keeps answering", async () => {
    const [victim, survivor] = workerPids(web) as [number, number];
    process.kill(victim, "SIGKILL");
    expect(
      await until(
        async () => alive(victim),
        (a) => !a,
        10_000,
        20,
      ),
    ).toBe(false);
    for (let i = 0; i < 6; i++) expect((await fresh(`${web.url}/v1/mix/system/getDomainConfigList`)).status).toBe(200);
    const pids = await until(
      async () => workerPids(web),
      (p) => p.length === 3,
      60_000,
      100,
    );
    const replacement = pids[2] as number;
    expect([victim, survivor]).not.toContain(replacement);
    expect(alive(survivor) && alive(replacement)).toBe(true);
  });

  it("stops every worker on SIGTERM", async () => {
    const pids = workerPids(web).filter(alive);
    expect(pids).toHaveLength(2);
    expect(await web.stop("SIGTERM")).toBe(0);
    expect(
      await until(
        async () => pids.filter(alive),
        (left) => left.length === 0,
        10_000,
        20,
      ),
    ).toEqual([]);
  });
});

describe("the replica test mode (WEB_REPLICAS=2)", () => {
  let lb: Awaited<ReturnType<typeof startReplicas>>;
  const data = tempDataDir();
  beforeAll(async () => {
    lb = await startReplicas(data.dir, {}, 2);
  });
  afterAll(async () => {
    await lb.stop();
    data.remove();
  });

  it("sends requests to the two web processes in turn, both against the one gateway", async () => {
    const path = "/v1/mix/system/getDomainConfigList";
    for (let i = 0; i < 4; i++) expect((await fresh(`${lb.url}${path}`)).status).toBe(200);
    // a request's log line follows its answer: wait for the last ones to reach the logs
    const served = await until(
      async () => lb.replicas.map((r) => entries(r).filter((e) => e.msg === "request" && e.path === path).length),
      (n) => n[0] === 2 && n[1] === 2,
      10_000,
      20,
    );
    expect(served).toEqual([2, 2]);
    const gateways = lb.replicas.flatMap((r) => entries(r).flatMap((e) => (e.msg === "web server listening" ? [e.gatewayUrl] : [])));
    expect(new Set(gateways).size).toBe(1);
    expect(gateways).toHaveLength(2);
    expect(gateways[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
