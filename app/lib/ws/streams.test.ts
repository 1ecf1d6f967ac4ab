import { describe, expect, it } from "vitest";
import { streamUrl } from "./streams";

describe("streamUrl", () => {
  it("is same-origin, wss on https, and marks simulation with ?paptrading=1", () => {
    expect(streamUrl("/v2/ws/public", { protocol: "http:", host: "127.0.0.1:3000" }, false)).toBe("ws://127.0.0.1:3000/v2/ws/public");
    expect(streamUrl("/v2/ws/private", { protocol: "https:", host: "mix.example" }, true)).toBe(
      "wss://mix.example/v2/ws/private?paptrading=1",
    );
  });
});
