import { describe, expect, it } from "vitest";
import { dropHopByHop } from "./bff.ts";

describe("dropHopByHop", () => {
  it("drops the RFC 9110 hop-by-hop headers and any named in Connection, keeping the rest exactly", () => {
    const out = dropHopByHop({
      connection: "keep-alive, X-Session-Hop",
      "keep-alive": "timeout=5",
      "transfer-encoding": "chunked",
      upgrade: "h2c",
      te: "trailers",
      "proxy-authorization": "Basic x",
      "x-session-hop": "1",
      "device-sign": "abc==",
      "set-cookie": ["a=1", "b=2"],
      "content-length": "10",
    });
    expect(out).toEqual({ "device-sign": "abc==", "set-cookie": ["a=1", "b=2"], "content-length": "10" });
  });
});
