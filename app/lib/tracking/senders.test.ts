import { describe, expect, it, vi } from "vitest";
import { TRACKING_LIMITS, type TrackingEvent } from "../../../protocol/tracking";
import { HttpError } from "~/lib/http/errors";
import { CONFIG_FAILED, loadCommonConfig } from "./common-config";
import { detectNativeBridge, nativeSender } from "./native-bridge";
import { outcomeOf, splitBodies, webSender } from "./web-sender";

const event = (seq: number, pad = 0) => ({ seq, page_unique_id: "p", title: "é".repeat(pad) }) as unknown as TrackingEvent;

describe("beacon bodies", () => {
  it("keep order and stay within 64 KiB and 50 events each", () => {
    const events = Array.from({ length: 130 }, (_, i) => event(i + 1, 900));
    const bodies = splitBodies(events, TRACKING_LIMITS.beaconMaxBytes, TRACKING_LIMITS.batchSize);
    for (const b of bodies) {
      expect(new TextEncoder().encode(b.body).length).toBeLessThanOrEqual(65_536);
      expect(b.count).toBeLessThanOrEqual(50);
    }
    const seqs = bodies.flatMap((b) => (JSON.parse(b.body) as TrackingEvent[]).map((e) => e.seq));
    expect(seqs).toEqual(events.map((e) => e.seq));
    // UTF-8 bytes count, not characters: "é" is two bytes, so 900 of them make a ~1.8 KB event
    expect(bodies[0]!.count).toBeLessThan(50);
    expect(
      splitBodies(
        Array.from({ length: 120 }, (_, i) => event(i)),
        65_536,
        50,
      ).map((b) => b.count),
    ).toEqual([50, 50, 20]);
  });

  it("give an oversized event a body of its own", () => {
    const bodies = splitBodies([event(1), event(2, 40_000), event(3)], 65_536, 50);
    expect(bodies.map((b) => b.count)).toEqual([1, 1, 1]);
  });
});

describe("web sender", () => {
  it("posts the batch with the pfb header, and beacons with pfb in the query until the browser refuses", async () => {
    const post = vi.fn(async () => ({ accepted: 1 }));
    const beacon = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    const sender = webSender({ post, beacon, pfb: "a b" });
    await expect(sender.send([event(1)])).resolves.toEqual({ kind: "ok" });
    expect(post).toHaveBeenCalledWith("/v1/buried/log/info", JSON.stringify([event(1)]), { pfb: "a b" });
    const many = Array.from({ length: 120 }, (_, i) => event(i));
    expect(sender.sendNow(many)).toEqual({ sent: 50, delivered: false });
    expect(beacon.mock.calls[0]![0]).toBe("/v1/buried/log/info?pfb=a%20b");
    expect(webSender({ post, beacon: undefined, pfb: "" }).sendNow(many)).toEqual({ sent: 0, delivered: false });
  });

  it("reports the events the gateway refused in a batch it otherwise stored", async () => {
    const refused = [{ index: 1, field: "url", reason: "an event needs its page: url or curr_page" }];
    const sender = webSender({ post: async () => ({ accepted: 1, duplicates: 0, invalid: 1, refused }), beacon: undefined, pfb: "" });
    await expect(sender.send([event(1), event(2)])).resolves.toEqual({
      kind: "ok",
      refused: [{ index: 1, reason: "url: an event needs its page: url or curr_page" }],
    });
    const plain = webSender({ post: async () => ({ accepted: 1, duplicates: 0 }), beacon: undefined, pfb: "" });
    await expect(plain.send([event(1)])).resolves.toEqual({ kind: "ok" });
  });

  it("reads the gateway's answers: 403 throttled, 4xx refused for good (naming the event), else retry", async () => {
    expect(outcomeOf(new HttpError("code", "Too many", 403, "42900"))).toEqual({ kind: "throttled", status: 403 });
    expect(outcomeOf(new HttpError("code", "Invalid parameter [3].url: bad", 400, "40017", { index: 3, field: "url" }))).toEqual({
      kind: "rejected",
      status: 400,
      msg: "40017 Invalid parameter [3].url: bad",
      indexes: [3],
    });
    // The gateway names every refused event of a batch in which none was good (docs/decisions/405).
    const allBad = {
      accepted: 0,
      duplicates: 0,
      invalid: 2,
      refused: [
        { index: 0, field: "type", reason: "required" },
        { index: 1, field: "url", reason: "x" },
      ],
      index: 0,
      field: "type",
    };
    expect(outcomeOf(new HttpError("code", "Invalid parameter [0].type: required", 400, "40017", allBad))).toMatchObject({
      kind: "rejected",
      indexes: [0, 1],
    });
    expect(
      outcomeOf(new HttpError("code", "odd", 400, "40017", { refused: [{ index: "0" }, null, { index: -1 }, { index: 2.5 }] })),
    ).toMatchObject({ kind: "rejected", indexes: undefined });
    expect(outcomeOf(new HttpError("code", "too large", 413, "41300"))).toMatchObject({ kind: "rejected", indexes: undefined });
    expect(outcomeOf(new HttpError("status", "too many requests", 429))).toMatchObject({ kind: "failed", status: 429 });
    expect(outcomeOf(new HttpError("code", "gateway unavailable", 502, "50200"))).toMatchObject({ kind: "failed", status: 502 });
    expect(outcomeOf(new HttpError("network", "Network Error"))).toMatchObject({ kind: "failed", status: 0 });
    const failing = webSender({
      post: async () => Promise.reject(new HttpError("timeout", "timeout exceeded")),
      beacon: undefined,
      pfb: "",
    });
    await expect(failing.send([event(1)])).resolves.toEqual({ kind: "failed", status: 0, msg: "timeout exceeded" });
  });
});

describe("native bridge", () => {
  const posted: string[] = [];
  const ios = { webkit: { messageHandlers: { mixTracking: { postMessage: (m: string) => void posted.push(`ios:${m}`) } } } };
  const android = { MixTrackingBridge: { postMessage: (m: string) => void posted.push(`android:${m}`) } };

  it("is found by its bridge and used on the matching OS, one event per message", async () => {
    const found = detectNativeBridge(ios, "ios");
    expect(found.inApp).toBe(true);
    expect(found.bridge?.os).toBe("ios");
    posted.length = 0;
    await expect(nativeSender(found.bridge!).send([event(1), event(2)])).resolves.toEqual({ kind: "ok" });
    expect(posted).toEqual([`ios:${JSON.stringify(event(1))}`, `ios:${JSON.stringify(event(2))}`]);
    expect(detectNativeBridge(android, "android").bridge?.os).toBe("android");
    expect(nativeSender(detectNativeBridge(android, "android").bridge!).sendNow([event(1)])).toEqual({ sent: 1, delivered: true });
  });

  it("falls back to the web request in the app on an unknown OS, and outside the app", () => {
    expect(detectNativeBridge(ios, "unknown")).toEqual({ inApp: true, bridge: undefined });
    expect(detectNativeBridge(android, "ios")).toEqual({ inApp: true, bridge: undefined });
    expect(detectNativeBridge({}, "android")).toEqual({ inApp: false, bridge: undefined });
    expect(detectNativeBridge(undefined, "ios")).toEqual({ inApp: false, bridge: undefined });
  });

  it("reports how many events got through when the bridge throws", async () => {
    let n = 0;
    const sender = nativeSender({
      os: "android",
      post: () => {
        if (++n === 2) throw new Error("gone");
      },
    });
    await expect(sender.send([event(1), event(2), event(3)])).resolves.toMatchObject({ kind: "failed", delivered: 1 });
  });
});

describe("clientCommonConfig", () => {
  it("reads the switch, the user id and the ip", async () => {
    const warn = vi.fn();
    const config = await loadCommonConfig(
      async () => ({ clientCommonConfig: { eventLogUploadSwitch: true, userId: "42" }, localVo: { ip: "203.0.113.1" } }),
      warn,
    );
    expect(config).toEqual({ uploadSwitch: true, userId: "42", ip: "203.0.113.1" });
    expect(await loadCommonConfig(async () => ({ clientCommonConfig: { eventLogUploadSwitch: false } }), warn)).toEqual({
      uploadSwitch: false,
      userId: "",
      ip: "",
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("on failure warns and turns uploads off with no user id and no ip", async () => {
    const warn = vi.fn();
    await expect(loadCommonConfig(async () => Promise.reject(new HttpError("network", "Network Error")), warn)).resolves.toEqual(
      CONFIG_FAILED,
    );
    expect(warn.mock.calls[0]![0]).toContain("Network Error");
    await expect(loadCommonConfig(async () => "nonsense", warn)).resolves.toEqual({ uploadSwitch: false, userId: "", ip: "" });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
