import { describe, expect, it } from "vitest";
import {
  chooseImageHost,
  FASTEST_HOST_KEY,
  FASTEST_HOST_TTL_MS,
  forgetFastest,
  probeUrl,
  readImgConfig,
  type ImageHostDeps,
} from "./image-hosts";
import { fastestHost, setFastestHost, subscribeFastestHost } from "./fastest-host";

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const config = (foreign: string[], internal: string[] = []) => ({
  imgDomainConfig: { foreignDomainList: foreign, internalDomainList: internal },
});

/** Probes that answer in the order given by `order` (host → rank); unknown hosts fail. */
function deps(
  data: unknown,
  order: Record<string, number>,
  storage = memoryStorage(),
  now = 1_000_000,
): ImageHostDeps & { probed: string[]; storage: ReturnType<typeof memoryStorage> } {
  const probed: string[] = [];
  return {
    probed,
    storage,
    now: () => now,
    fetchConfig: async () => data,
    probe: (url) => {
      probed.push(url);
      const rank = order[new URL(url).host];
      if (rank === undefined) return Promise.reject(new Error("down"));
      return new Promise((resolve) => setTimeout(resolve, rank));
    },
  };
}

describe("chooseImageHost", () => {
  it("does nothing at all with empty lists (the default)", async () => {
    const d = deps(config([]), {});
    await expect(chooseImageHost(d)).resolves.toEqual({ config: { foreignDomainList: [], internalDomainList: [] }, fastest: null });
    expect(d.probed).toEqual([]);
    expect(d.storage.map.size).toBe(0);
  });

  it("probes every host once with the small image and stores the first to load", async () => {
    const d = deps(config(["img-a.example", "http://127.0.0.1:3517"], ["img-a.example", "https://img-c.example"]), {
      "img-c.example": 1,
      "127.0.0.1:3517": 30,
    });
    const { fastest } = await chooseImageHost(d);
    expect(fastest).toBe("img-c.example");
    expect(d.probed.sort()).toEqual([
      "http://127.0.0.1:3517/favicon.svg?probe=1000000",
      "https://img-a.example/favicon.svg?probe=1000000",
      "https://img-c.example/favicon.svg?probe=1000000",
    ]);
    expect(JSON.parse(d.storage.getItem(FASTEST_HOST_KEY) ?? "")).toEqual({ host: "img-c.example", at: 1_000_000 });
  });

  it("trusts a fresh stored choice that is still listed, and probes again otherwise", async () => {
    const fresh = memoryStorage({ [FASTEST_HOST_KEY]: JSON.stringify({ host: "img-a.example", at: 999_000 }) });
    const d1 = deps(config(["img-a.example", "img-b.example"]), { "img-b.example": 1 }, fresh);
    expect((await chooseImageHost(d1)).fastest).toBe("img-a.example");
    expect(d1.probed).toEqual([]);

    const stale = memoryStorage({ [FASTEST_HOST_KEY]: JSON.stringify({ host: "img-a.example", at: 1_000_000 - FASTEST_HOST_TTL_MS }) });
    expect((await chooseImageHost(deps(config(["img-a.example", "img-b.example"]), { "img-b.example": 1 }, stale))).fastest).toBe(
      "img-b.example",
    );

    const unlisted = memoryStorage({ [FASTEST_HOST_KEY]: JSON.stringify({ host: "gone.example", at: 999_999 }) });
    expect((await chooseImageHost(deps(config(["img-b.example"]), { "img-b.example": 1 }, unlisted))).fastest).toBe("img-b.example");

    const junk = memoryStorage({ [FASTEST_HOST_KEY]: "{not json" });
    expect((await chooseImageHost(deps(config(["img-b.example"]), { "img-b.example": 1 }, junk))).fastest).toBe("img-b.example");
  });

  it("stores nothing when no host answers", async () => {
    const storage = memoryStorage({
      [FASTEST_HOST_KEY]: JSON.stringify({ host: "img-a.example", at: 1_000_000 - FASTEST_HOST_TTL_MS - 1 }),
    });
    expect((await chooseImageHost(deps(config(["img-a.example"]), {}, storage))).fastest).toBeNull();
    expect(storage.map.has(FASTEST_HOST_KEY)).toBe(false);
  });

  it("reads whatever the gateway sent as string lists", () => {
    expect(readImgConfig(null)).toEqual({ foreignDomainList: [], internalDomainList: [] });
    expect(readImgConfig({ imgDomainConfig: { foreignDomainList: ["a.example", 3, " "], internalDomainList: "b" } })).toEqual({
      foreignDomainList: ["a.example"],
      internalDomainList: [],
    });
  });

  it("probes an entry's own origin, or https for a bare host", () => {
    expect(probeUrl("img.example", 5)).toBe("https://img.example/favicon.svg?probe=5");
    expect(probeUrl("http://localhost:3517/", 5)).toBe("http://localhost:3517/favicon.svg?probe=5");
  });

  it("forgets the stored host only when that host failed", () => {
    const storage = memoryStorage({ [FASTEST_HOST_KEY]: JSON.stringify({ host: "img-a.example", at: 1 }) });
    forgetFastest(storage, "img-b.example");
    expect(storage.map.has(FASTEST_HOST_KEY)).toBe(true);
    forgetFastest(storage, "img-a.example");
    expect(storage.map.has(FASTEST_HOST_KEY)).toBe(false);
  });
});

describe("the fastest-host store", () => {
  it("tells subscribers and rewrites image addresses on listed hosts only", () => {
    let calls = 0;
    const stop = subscribeFastestHost(() => calls++);
    setFastestHost({ foreignDomainList: ["http://localhost:3517"], internalDomainList: ["http://127.0.0.1:3517"] }, "127.0.0.1:3517");
    stop();
    expect(calls).toBe(1);
    const f = fastestHost();
    expect(f?.host).toBe("127.0.0.1:3517");
    expect(f?.rewrite("http://localhost:3517/coins/btc.svg")).toBe("http://127.0.0.1:3517/coins/btc.svg");
    expect(f?.rewrite("/coins/btc.svg")).toBe("/coins/btc.svg");
    expect(f?.rewrite("https://elsewhere.example/a.png")).toBe("https://elsewhere.example/a.png");
  });
});
